import { generateKeyPairSync } from 'node:crypto';

/**
 * A complete production environment that passes the production rails (decision 033): every real
 * service named, a strong secret, an https address. Tests take it and change one thing.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://lokaler.example.no',
  // Random (openssl rand -base64 30); only a test value.
  COOKIE_SECRET: 'q7Vf2LxP9sKd4RtZ8mWc3NbH6yJg1AeU0oTi5rQ',
  DATABASE_URL: 'postgres://lokaler@db.example.no:5432/lokaler',
  OIDC_ISSUER: 'https://idporten.no',
  ADMIN_OIDC_ISSUER: 'https://login.microsoftonline.com/8c3f1a52-0c1e-4f4a-9d53-5d1e2f6a7b80/v2.0',
  MAIL_ADAPTER: 'smtp',
  SMTP_HOST: 'smtp.example.no',
  MAIL_FROM: 'Lokaler <ikke-svar@example.no>',
  KEY_SERVICE_ADAPTER: 'http',
  KEY_SERVICE_URL: 'https://nokkel.example.no/api',
  KEY_SERVICE_TOKEN: 'key-service-test-token',
  ORG_REGISTRY_ADAPTER: 'http',
  ORG_REGISTRY_URL: 'https://register.example.no/accessmanagement/api/v1/resourceowner',
  PERSON_REGISTER_ADAPTER: 'krr',
  KRR_URL: 'https://krr.example.no/rest/v1/personer',
  MASKINPORTEN_ISSUER: 'https://maskinporten.example.no/',
  MASKINPORTEN_CLIENT_ID: 'e3f0c1a2-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  // A key made for this test run: the configuration only checks that it is a PKCS#8 private key.
  MASKINPORTEN_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  MASKINPORTEN_KEY_ID: 'lokaler-test-key',
  ARCHIVE_MODE: 'fiks',
  FIKS_ARKIV_ACCOUNT_ID: '0b6c3f1e-2d4a-4e8b-9c7d-1a2b3c4d5e6f',
  FIKS_ARKIV_ARCHIVE_ACCOUNT_ID: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c',
  FIKS_INTEGRATION_ID: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  FIKS_INTEGRATION_PASSWORD: 'fiks-integration-test-value',
  // Invoices (decision 071): the access point, the ERP, and the city as seller.
  INVOICE_DELIVERY_MODE: 'http',
  INVOICE_ACCESS_POINT_URL: 'https://aksesspunkt.example.no/api',
  INVOICE_ACCESS_POINT_TOKEN: 'access-point-test-token',
  INVOICE_ERP_URL: 'https://erp.example.no/faktura',
  INVOICE_ERP_TOKEN: 'erp-test-token',
  INVOICE_SELLER_ORGNR: '974770482',
  INVOICE_SELLER_ACCOUNT: '15030100000',
} as const satisfies Record<string, string>;
