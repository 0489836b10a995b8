import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { KeyServiceAuth } from '../../production-rails';
import { badAnswer, callJson, type JsonCall } from '../http/json-client';
import { keyGrantStates, type KeyGrant, type KeyGrantState, type KeyServiceClient } from './key-service-client';

const SERVICE = 'key service';
const statesAnswer = z.array(z.object({ grantId: z.string(), state: z.string() }));
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });
/** A token is renewed this long before it expires, so a call never carries one that runs out on the way. */
const TOKEN_MARGIN_MS = 30_000;

export interface HttpKeyServiceSettings {
  url: string;
  auth: KeyServiceAuth;
  timeoutMs: number;
}

/**
 * The key service (Oslonøkkelen) over HTTP, speaking the API key-service-client.ts describes. Its
 * failures are logged 503 AppErrors; the key job turns them into retries with backoff.
 */
export class HttpKeyService implements KeyServiceClient {
  private cachedToken: { value: string; renewAt: number } | null = null;

  constructor(
    private readonly settings: HttpKeyServiceSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async putGrant(grantId: string, grant: KeyGrant): Promise<void> {
    await this.call({ method: 'PUT', url: this.grantUrl(grantId), logPath: '/grants/{grantId}', body: grant });
  }

  async grantStates(grantIds: readonly string[]): Promise<Map<string, KeyGrantState>> {
    if (grantIds.length === 0) return new Map();
    const query = new URLSearchParams(grantIds.map((id): [string, string] => ['id', id]));
    const call = { method: 'GET', url: `${this.settings.url}/grants?${query.toString()}`, logPath: '/grants' } as const;
    const parsed = statesAnswer.safeParse((await this.call(call)).body);
    if (!parsed.success) throw badAnswer(SERVICE, this.log, call, 'not a list of { grantId, state }');
    const asked = new Set(grantIds);
    const states = new Map<string, KeyGrantState>();
    for (const { grantId, state } of parsed.data) {
      // A state this server does not know yet is left out: the grant is asked about again later.
      if (asked.has(grantId) && isGrantState(state)) states.set(grantId, state);
    }
    return states;
  }

  async revokeGrant(grantId: string): Promise<void> {
    // Unknown or already revoked is what a revocation wants.
    await this.call({ method: 'DELETE', url: this.grantUrl(grantId), logPath: '/grants/{grantId}', alsoOk: [404] });
  }

  private grantUrl(grantId: string): string {
    return `${this.settings.url}/grants/${encodeURIComponent(grantId)}`;
  }

  private async call(call: JsonCall) {
    const token = await this.token();
    try {
      return await callJson(SERVICE, this.log, this.settings.timeoutMs, { ...call, headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      // The next call fetches a new token: one extra token request is cheap, a revoked token kept would fail every call.
      this.cachedToken = null;
      throw error;
    }
  }

  /** The fixed token, or one from the client credentials grant (RFC 6749 §4.4), kept until shortly before it expires. */
  private async token(): Promise<string> {
    const auth = this.settings.auth;
    if (auth.kind === 'token') return auth.token;
    if (this.cachedToken && Date.now() < this.cachedToken.renewAt) return this.cachedToken.value;
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(auth.scope ? { scope: auth.scope } : {}) });
    const basic = Buffer.from(`${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`).toString('base64');
    const call = {
      method: 'POST',
      url: auth.tokenUrl,
      logPath: 'token endpoint',
      form,
      headers: { authorization: `Basic ${basic}` },
    } as const;
    const { body } = await callJson(SERVICE, this.log, this.settings.timeoutMs, call);
    const parsed = tokenAnswer.safeParse(body);
    if (!parsed.success) throw badAnswer(SERVICE, this.log, call, 'no access_token');
    const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
    this.cachedToken = { value: parsed.data.access_token, renewAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return parsed.data.access_token;
  }
}

function isGrantState(state: string): state is KeyGrantState {
  return (keyGrantStates as readonly string[]).includes(state);
}
