import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie that says which organisation a person acts for (spec 01 §6): httpOnly (scripts cannot
 * read it), signed with config.cookieSecret (it cannot be forged), SameSite=Lax, only sent to /api,
 * and bound to the user id it was set for (another person logging in on the same browser does not
 * inherit it). A session cookie: it ends with the browser session, and at logout.
 */
export const IMPERSONATION_COOKIE = 'lokaler_impersonation';
const COOKIE_PATH = '/api';

export interface ImpersonationCookie {
  userId: number;
  orgnr: string;
}

export function setImpersonationCookie(reply: FastifyReply, value: ImpersonationCookie): void {
  reply.setCookie(IMPERSONATION_COOKIE, `${value.userId}:${value.orgnr}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https://'),
    signed: true,
  });
}

export function clearImpersonationCookie(reply: FastifyReply): void {
  reply.clearCookie(IMPERSONATION_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https://'),
  });
}

/**
 * The cookie's content: absent when there is no cookie; 'invalid' when it is there but not one this
 * server signed (forged, tampered with, or signed with another secret).
 */
export function readImpersonationCookie(request: FastifyRequest): ImpersonationCookie | 'invalid' | undefined {
  const raw = request.cookies[IMPERSONATION_COOKIE];
  if (raw === undefined || raw === '') return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return 'invalid';
  const match = /^(\d{1,10}):(\d{9})$/.exec(unsigned.value);
  if (!match) return 'invalid';
  return { userId: Number(match[1]), orgnr: match[2]! };
}
