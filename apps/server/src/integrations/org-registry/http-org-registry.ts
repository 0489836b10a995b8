import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { KOMMUNALE_TJENESTER_ROLE } from '@lokaler/domain/impersonation';
import type { PostalAddress } from '@lokaler/domain/invoices';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { badAnswer, callJson } from '../http/json-client';
import type { OrganizationRole, OrgRegistry } from './org-registry';

const SERVICE = 'organisation register';
const FORM_SERVICE = 'Enhetsregisteret';
/**
 * How the request names the person: by the identity provider's subject, since this server never holds
 * the national identity number (decision 033: Altinn itself wants the number, so a city's integration
 * layer, which also swaps a Maskinporten token for Altinn's, translates).
 */
export const PERSON_SUBJECT_TYPE = 'urn:lokaler:person:sub';

interface Party {
  organizationNumber?: string | null | undefined;
  name: string;
  type: string;
  isDeleted?: boolean | undefined;
  authorizedRoles?: string[] | undefined;
  subunits?: Party[] | undefined;
}
/** The parts of Altinn 3's AuthorizedParty this client reads; the rest is ignored. */
const party: z.ZodType<Party> = z.lazy(() =>
  z.object({
    organizationNumber: z.string().nullish(),
    name: z.string(),
    type: z.string(),
    isDeleted: z.boolean().optional(),
    authorizedRoles: z.array(z.string()).optional(),
    subunits: z.array(party).optional(),
  }),
);

export interface HttpOrgRegistrySettings {
  url: string;
  token: string | null;
  timeoutMs: number;
  /** Enhetsregisteret's open API (GET {url}/enhetsregisteret/api/enheter/{orgnr}), for each organisation's form. */
  enhetsregisteret?: { url: string; timeoutMs: number } | undefined;
}

/** The part of Enhetsregisteret's enhet this client reads. */
const enhet = z.object({ organisasjonsform: z.object({ kode: z.string().min(1) }) });
/** An address of an enhet (postadresse, forretningsadresse) as Enhetsregisteret writes it. */
const enhetAddress = z.object({
  adresse: z.array(z.string()).optional(),
  postnummer: z.string().optional(),
  poststed: z.string().optional(),
  landkode: z.string().length(2).optional(),
});
const enhetAddresses = z.object({ postadresse: enhetAddress.nullish(), forretningsadresse: enhetAddress.nullish() });

/** A whole address, or null: a postal code, a place and at least one line. */
function postalAddressOf(a: z.infer<typeof enhetAddress> | null | undefined): PostalAddress | null {
  const lines = (a?.adresse ?? []).map((l) => l.trim()).filter(Boolean);
  if (!a || lines.length === 0 || !a.postnummer || !a.poststed) return null;
  return { addressLine: lines.join(', '), postalCode: a.postnummer, city: a.poststed, countryCode: a.landkode ?? 'NO' };
}

/**
 * The organisation register over HTTP, shaped like Altinn 3's authorized parties API
 * (POST {url}/authorizedparties with { type, value } → the parties the person may act for, each with
 * its role codes and subunits). Only 'KOMAB' (Kommunale tjenester) counts, as with the local register.
 * A failure is a logged 503: the citizen is asked to try again and nothing is cached as "no roles".
 * Each organisation's form (organisasjonsform) comes from Enhetsregisteret, looked up in parallel with
 * a short deadline; a failed or slow lookup is logged and leaves the form null, never failing the
 * caller (decision 068). A form once known is kept for the life of the process.
 */
export class HttpOrgRegistry implements OrgRegistry {
  constructor(
    private readonly settings: HttpOrgRegistrySettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  private readonly forms = new Map<string, string>();

  async organizationsFor(person: { sub: string }): Promise<OrganizationRole[]> {
    const call = {
      method: 'POST',
      url: `${this.settings.url}/authorizedparties`,
      logPath: '/authorizedparties',
      body: { type: PERSON_SUBJECT_TYPE, value: person.sub },
      ...(this.settings.token ? { headers: { authorization: `Bearer ${this.settings.token}` } } : {}),
    } as const;
    const parsed = z.array(party).safeParse((await callJson(SERVICE, this.log, this.settings.timeoutMs, call)).body);
    if (!parsed.success) throw badAnswer(SERVICE, this.log, call, 'not a list of authorized parties');
    const roles = new Map<string, OrganizationRole>();
    for (const p of flatten(parsed.data)) {
      const orgnr = p.organizationNumber ?? '';
      if (p.type !== 'Organization' || p.isDeleted || !/^\d{9}$/.test(orgnr)) continue;
      if (p.authorizedRoles?.includes(KOMMUNALE_TJENESTER_ROLE))
        roles.set(orgnr, { orgnr, orgNavn: p.name, rolleKode: KOMMUNALE_TJENESTER_ROLE });
    }
    const withForms = await Promise.all([...roles.values()].map(async (r) => ({ ...r, organisasjonsform: await this.formOf(r.orgnr) })));
    return withForms.sort((a, b) => compareNorwegian(a.orgNavn, b.orgNavn));
  }

  /**
   * The invoice address (decision 071): Enhetsregisteret's postadresse, else its forretningsadresse,
   * with the register's deadline; 404 is no address. A failure or a slow answer throws (logged by callJson).
   */
  async invoiceAddressOf(orgnr: string): Promise<PostalAddress | null> {
    const register = this.settings.enhetsregisteret;
    if (!register) return null;
    const call = {
      method: 'GET',
      url: `${register.url}/enhetsregisteret/api/enheter/${orgnr}`,
      logPath: '/enhetsregisteret/api/enheter/{orgnr}',
      alsoOk: [404, 410],
    } as const;
    const answer = await callJson(FORM_SERVICE, this.log, register.timeoutMs, call);
    if (answer.status === 404 || answer.status === 410) return null;
    const parsed = enhetAddresses.safeParse(answer.body);
    if (!parsed.success) throw badAnswer(FORM_SERVICE, this.log, call, 'not an enhet');
    return postalAddressOf(parsed.data.postadresse) ?? postalAddressOf(parsed.data.forretningsadresse);
  }

  /** The organisation's form code in Enhetsregisteret, or null when it cannot be had now. */
  private async formOf(orgnr: string): Promise<string | null> {
    const known = this.forms.get(orgnr);
    if (known) return known;
    const register = this.settings.enhetsregisteret;
    if (!register) return null;
    const call = {
      method: 'GET',
      url: `${register.url}/enhetsregisteret/api/enheter/${orgnr}`,
      logPath: '/enhetsregisteret/api/enheter/{orgnr}',
    } as const;
    try {
      const parsed = enhet.safeParse((await callJson(FORM_SERVICE, this.log, register.timeoutMs, call)).body);
      if (!parsed.success) throw badAnswer(FORM_SERVICE, this.log, call, 'no organisasjonsform');
      this.forms.set(orgnr, parsed.data.organisasjonsform.kode);
      return parsed.data.organisasjonsform.kode;
    } catch {
      // Logged by callJson / badAnswer; the form is then unknown.
      return null;
    }
  }
}

function flatten(parties: readonly Party[]): Party[] {
  return parties.flatMap((p) => [p, ...flatten(p.subunits ?? [])]);
}
