import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's trustProxy from TRUST_PROXY: which X-Forwarded-For entries name the client. Without it the
 * socket's address is the client's, so a client cannot pick the address its rate limits count against.
 *
 * A hop count becomes a function of our own: Fastify 5 now ignores a numeric trustProxy (it cannot
 * check the nearest peer, so it fails closed). `(address, i) => i < hops` believes the last `hops`
 * entries whoever sent them, which is right only when every request reaches the server through that
 * many proxies (the network lets nothing else in); otherwise list the proxies' addresses.
 */
export function trustProxyOption(config: Pick<Config, 'http'>): NonNullable<FastifyServerOptions['trustProxy']> {
  const trust = config.http.trustProxy;
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
