import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accountClaims, acrFor, ACR_HIGH, ACR_SUBSTANTIAL, findLocalAccount } from './accounts';
import { createOidcAdapter } from './adapter';
import { clientKindOf, idpClients, IDP_PATH, resourceOf } from './clients';
import { errorPage, logoutPage, loggedOutPage } from './provider-pages';
import type { ServerKeys } from './server-keys';

const HOUR = 60 * 60;
/** A working day: the SPA refreshes its access token with the refresh token until then. */
const SESSION_TTL = 8 * HOUR;
/** The scopes the API's access tokens carry (what ID-porten puts in them for our scopes). */
export const API_SCOPES = 'openid profile email';

/**
 * The local OpenID provider that stands in for ID-porten (citizens) and the organisation's provider
 * (administrators): authorisation code + PKCE S256 for two public clients, JWT access tokens for the API.
 */
export function createProvider(config: Config, keys: ServerKeys, db: Db): Provider {
  const { accessTokenTtlSeconds } = config.oidc;

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: idpClients(config),
    jwks: { keys: keys.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: keys.cookieKeys },
    acrValues: [ACR_SUBSTANTIAL, ACR_HIGH],
    // Only what the two SPAs use: the code flow, public clients.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    claims: {
      acr: null,
      auth_time: null,
      sid: null,
      openid: ['sub', 'pid'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email'],
    },
    // Profile claims go into the ID token too: the API's JWT access tokens are refused by /userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = findLocalAccount(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => accountClaims(account) };
    },
    async extraTokenClaims(_ctx, token) {
      const account = 'accountId' in token && token.accountId ? findLocalAccount(token.accountId) : undefined;
      if (!account) return undefined;
      // Shaped like ID-porten's access tokens: `acr` and the citizen's `pid`, no name or e-mail (those
      // are in the ID token). An administrator's carry the claim the API matches them by
      // (ADMIN_OIDC_USER_CLAIM), as the organisation's provider would (decision 032).
      if (account.kind === 'citizen') return { acr: acrFor(account), pid: account.person.pid };
      return { acr: acrFor(account), [config.oidc.adminUserClaim]: account.person.email };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutPage, postLogoutSuccessSource: loggedOutPage },
      resourceIndicators: {
        enabled: true,
        // Each client's access token is for its own audience (the portal's or the admin app's part of
        // the API), as a JWT the API verifies itself; asking for the other app's resource is refused.
        defaultResource: (_ctx, client) => resourceOf(config.oidc, client.clientId),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          const audience = resourceOf(config.oidc, client.clientId);
          if (resource !== audience) throw new errors.InvalidTarget();
          return { scope: API_SCOPES, audience, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtlSeconds };
        },
      },
    },
    // Public SPA clients get refresh tokens without `offline_access` (which oidc-provider only keeps
    // with prompt=consent), as ID-porten does; they are bound to the session, so logout ends them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}`, policy: loginPolicy(config) },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      // Rotated refresh tokens keep the lifetime of the first one, so a stolen one cannot live forever.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL,
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    renderError: errorPage,
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Behind a trusted proxy (TRUST_PROXY) the public scheme and host come from X-Forwarded-*, as in Fastify.
  provider.proxy = config.http.trustProxy !== false;
  return provider;
}

/**
 * The default policy plus one rule: a session belongs to a citizen or to an administrator, and the
 * portal and admin clients each accept only their own kind — otherwise the person logs in again.
 */
function loginPolicy(config: Config): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check('account_not_for_client', 'the logged-in person cannot use this client', (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const account = findLocalAccount(accountId);
      return account?.kind === clientKindOf(config.oidc, clientId)
        ? interactionPolicy.Check.NO_NEED_TO_PROMPT
        : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}
