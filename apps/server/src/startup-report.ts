import type { Config } from './config';

/**
 * What the start-up info line says (decision 033): the database engine, each adapter and the identity
 * providers, so an operator sees in the log which services a process really talks to. Every adapter
 * of config.adapters is listed, also one added later.
 */
export function startupSummary(config: Config, engine: 'pglite' | 'postgres') {
  const identityProvider = config.oidc.local ? 'local' : 'external';
  return {
    fields: {
      engine,
      identityProvider,
      issuer: config.oidc.issuer,
      adminIssuer: config.oidc.adminIssuer,
      adapters: { ...config.adapters },
      demoServicesAllowed: config.allowDemoServices,
      seedDemoData: config.seedDemoData,
      apiDocs: config.apiDocs,
      /** Whose X-Forwarded-For is believed: false (none), a hop count or the proxies' addresses. */
      trustProxy: config.http.trustProxy,
    },
    message:
      `Running on ${engine}; identity provider ${identityProvider} (${config.oidc.issuer}, admin ${config.oidc.adminIssuer}); ` +
      `adapters ${Object.entries(config.adapters)
        .map(([name, kind]) => `${name}=${kind}`)
        .join(', ')}; ` +
      `demo services ${config.allowDemoServices ? 'allowed' : 'not allowed'}; ` +
      `trusted proxies ${trustedProxies(config.http.trustProxy)}`,
  };
}

function trustedProxies(trust: Config['http']['trustProxy']): string {
  if (trust === false) return 'none';
  return typeof trust === 'number' ? `the last ${trust} hop(s)` : trust.join(', ');
}

/** The fakes this process runs, each named, for the warn line of a deliberate demo deployment (ALLOW_DEMO_SERVICES=true). */
export function fakesInUse(config: Config, engine: 'pglite' | 'postgres'): string[] {
  const localIssuer = `${config.publicUrl}/idp`;
  return [
    (config.oidc.local || config.oidc.adminIssuer === localIssuer) &&
      'the local identity provider under /idp (anyone logs in as a test person)',
    ...Object.entries(config.adapters)
      .filter(([, kind]) => kind === 'local')
      .map(([name]) => `the local ${name} adapter`),
    engine === 'pglite' && 'PGlite (one process, one disk)',
    config.seedDemoData && 'demo data (SEED_DEMO_DATA)',
  ].filter((fake): fake is string => Boolean(fake));
}
