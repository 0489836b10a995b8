import type { MaskinportenClient } from './maskinporten-client';
import type { ContactDetails, PersonRegister } from './person-register';

interface KrrPerson {
  personidentifikator?: string;
  reservasjon?: string;
  status?: string;
  kontaktinformasjon?: { epostadresse?: string; mobiltelefonnummer?: string };
}

/**
 * Kontakt- og reservasjonsregisteret's lookup (Oppslagstjenesten REST, behind Maskinporten with
 * krr:global/kontaktinformasjon.read): POST {personidentifikatorer:[pid]} to the configured endpoint.
 * Only a person registered and active (status AKTIV) who has not reserved themselves against digital
 * contact (reservasjon JA) gives an address; everyone else gives nothing.
 */
export class KrrPersonRegister implements PersonRegister {
  constructor(
    private readonly endpoint: string,
    private readonly maskinporten: MaskinportenClient,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async lookupContact(pid: string): Promise<ContactDetails> {
    const response = await this.fetchImpl(this.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${await this.maskinporten.accessToken()}`,
      },
      body: JSON.stringify({ personidentifikatorer: [pid] }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`KRR answered HTTP ${response.status}`);
    const body = (await response.json()) as { personer?: KrrPerson[] };
    const person = body.personer?.find((p) => p.personidentifikator === pid);
    if (!person || person.status !== 'AKTIV' || person.reservasjon === 'JA') return {};
    const contact = person.kontaktinformasjon ?? {};
    return {
      ...(nonEmpty(contact.epostadresse) ? { email: contact.epostadresse.trim() } : {}),
      ...(nonEmpty(contact.mobiltelefonnummer) ? { mobile: contact.mobiltelefonnummer.trim() } : {}),
    };
  }
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
