// zod/mini: every page's first download parses this (the app shell's calls), and the mini API keeps
// the rest of zod out of it (decision 021; docs/architecture.md, "Code split by route").
import { z } from 'zod/mini';

/**
 * Acting for an organisation (spec 01 §6, 02 §3): a person may act as a private person or for an
 * organisation where the organisation register gives them the role 'kommunale tjenester'.
 */

/** The organisation name the portal sends (with an empty orgNo) to act as a private person again. */
export const NO_IMPERSONATION = 'NO_IMPERSONATION';

/** Altinn's code of the role 'Kommunale tjenester'. */
export const KOMMUNALE_TJENESTER_ROLE = 'KOMAB';

/** Nine digits whose last is the mod-11 control digit (weights 3 2 7 6 5 4 3 2), as Brønnøysund issues them. */
export function isValidOrganizationNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = value.split('').map(Number);
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((s, w, i) => s + w * digits[i]!, 0);
  const control = (11 - (sum % 11)) % 11;
  return control !== 10 && control === digits[8];
}

/** GET /user/impersonation/organizations/valid: one organisation the person may act for. */
export const impersonationOrganization = z.object({
  orgnr: z.string(),
  orgNavn: z.string(),
  rolleKode: z.string(),
  /** What identifies this choice (the organisation number). */
  impersonationId: z.string(),
});
export type ImpersonationOrganization = z.infer<typeof impersonationOrganization>;
export const impersonationOrganizations = z.array(impersonationOrganization);

/** POST /user/impersonation. orgName is informative only: the server takes the name from the register. */
export const impersonationRequest = z.object({
  orgNo: z.string().check(z.trim(), z.maxLength(20)),
  orgName: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});
export type ImpersonationRequest = z.infer<typeof impersonationRequest>;

/** The body that makes the caller a private person again. */
export const privatePersonRequest: ImpersonationRequest = { orgNo: '', orgName: NO_IMPERSONATION };

/**
 * GET /user/impersonation/effectiveuser: who the caller acts as. A private person: their name, their
 * user id and impersonationId null. An organisation: its name, its number as id and impersonationId.
 */
export const effectiveUser = z.object({
  name: z.string(),
  id: z.string(),
  impersonationId: z.nullable(z.string()),
  /** The logged-in person's e-mail (also when acting for an organisation). */
  email: z.nullable(z.string()),
});
export type EffectiveUser = z.infer<typeof effectiveUser>;

export const impersonationMessages = {
  notRepresentative: 'Du kan ikke logge på som denne organisasjonen.',
  stale: 'Du representerer ikke lenger organisasjonen du var logget på som. Velg på nytt hvem du vil logge på som.',
} as const;
