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
} as const satisfies Record<string, string>;
