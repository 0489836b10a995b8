import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://lokaler.example.no' } as const;

/** Decision 032: the identity providers are configuration, and a bad value is a start-up refusal naming the variable. */
describe("the identity providers' configuration", () => {
  it('defaults to the local provider shaped like ID-porten and an admin client matched by e-mail', () => {
    const { oidc, personRegister } = loadConfig(base);
    expect(oidc).toMatchObject({
      local: true,
      issuer: 'https://lokaler.example.no/idp',
      adminIssuer: 'https://lokaler.example.no/idp',
      portalClientId: 'lokaler-portal',
      adminClientId: 'lokaler-admin',
      portalScope: 'openid profile',
      adminScope: 'openid profile email',
      portalAcrValues: 'idporten-loa-substantial',
      adminAcrValues: '',
      audience: 'https://lokaler.example.no/api',
      adminAudience: 'https://lokaler.example.no/api/admin',
      portalResource: 'https://lokaler.example.no/api',
      adminResource: 'https://lokaler.example.no/api/admin',
      portalAlgorithms: ['RS256'],
      adminAlgorithms: ['RS256'],
      adminUserClaim: 'email',
      cityAdminClaim: null,
    });
    expect(personRegister).toEqual({ adapter: 'local' });
  });

  it('takes every setting of both providers from the environment', () => {
    const { oidc } = loadConfig({
      ...base,
      OIDC_ISSUER: 'https://idporten.no',
      OIDC_CLIENT_ID: ' 4c0a7b2e-9d1f ',
      OIDC_ALGORITHMS: 'RS256, PS256',
      ADMIN_OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0',
      ADMIN_OIDC_CLIENT_ID: '9a8b',
      ADMIN_OIDC_AUDIENCE: 'api://lokaler',
      ADMIN_OIDC_RESOURCE: '',
      ADMIN_OIDC_SCOPES: 'openid api://lokaler/Lokaler.Admin',
      ADMIN_OIDC_USER_CLAIM: 'upn',
      ADMIN_OIDC_CITY_ADMIN_CLAIM: 'roles',
      ADMIN_OIDC_CITY_ADMIN_VALUE: 'Lokaler.CityAdmin',
    });
    expect(oidc).toMatchObject({
      local: false,
      portalClientId: '4c0a7b2e-9d1f',
      portalAlgorithms: ['RS256', 'PS256'],
      adminClientId: '9a8b',
      adminAudience: 'api://lokaler',
      adminResource: '',
      adminScope: 'openid api://lokaler/Lokaler.Admin',
      adminUserClaim: 'upn',
      cityAdminClaim: { claim: 'roles', value: 'Lokaler.CityAdmin' },
    });
  });

  it.each([
    [{ OIDC_CLIENT_ID: ' ' }, 'OIDC_CLIENT_ID'],
    [{ ADMIN_OIDC_CLIENT_ID: '' }, 'ADMIN_OIDC_CLIENT_ID'],
    [{ OIDC_SCOPES: 'profile' }, 'OIDC_SCOPES'],
    [{ OIDC_ALGORITHMS: 'HS256' }, 'OIDC_ALGORITHMS'],
    [{ ADMIN_OIDC_ALGORITHMS: 'none' }, 'ADMIN_OIDC_ALGORITHMS'],
    [{ ADMIN_OIDC_USER_CLAIM: 'sub' }, 'ADMIN_OIDC_USER_CLAIM'],
    [{ ADMIN_OIDC_CITY_ADMIN_CLAIM: 'roles' }, 'ADMIN_OIDC_CITY_ADMIN_VALUE'],
    [{ PERSON_REGISTER_ADAPTER: 'krr' }, 'MASKINPORTEN_PRIVATE_KEY: required'],
    [{ PERSON_REGISTER_ADAPTER: 'folkeregisteret' }, 'PERSON_REGISTER_ADAPTER'],
    [{ MASKINPORTEN_PRIVATE_KEY: 'not a key' }, 'MASKINPORTEN_PRIVATE_KEY'],
  ])('refuses %o, naming the variable', (env, variable) => {
    const attempt = () => loadConfig({ ...base, ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(variable);
  });

  it('takes a KRR client with a PEM key given in one line with \\n', () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const { personRegister } = loadConfig({
      ...base,
      PERSON_REGISTER_ADAPTER: 'krr',
      KRR_URL: 'https://krr.digdir.no/rest/v1/personer',
      MASKINPORTEN_ISSUER: 'https://maskinporten.no/',
      MASKINPORTEN_CLIENT_ID: 'c1',
      MASKINPORTEN_KEY_ID: 'k1',
      MASKINPORTEN_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n'),
    });
    expect(personRegister).toMatchObject({
      adapter: 'krr',
      krrUrl: 'https://krr.digdir.no/rest/v1/personer',
      maskinporten: { scope: 'krr:global/kontaktinformasjon.read', privateKeyPem: pem.trim() },
    });
  });
});
