import type { PostalAddress } from '@lokaler/domain/invoices';

/**
 * Who may act for which organisation: the organisation register's roles (Altinn / Enhetsregisteret
 * in production). The portal lets a person act for an organisation only where they have the role
 * 'kommunale tjenester' (spec 01 §6).
 */
export interface OrganizationRole {
  /** Organisation number, 9 digits with a mod-11 control digit. */
  orgnr: string;
  orgNavn: string;
  /** The register's role code ('KOMAB' is 'Kommunale tjenester'). */
  rolleKode: string;
  /**
   * The organisation's form in Enhetsregisteret (organisasjonsform.kode: 'FLI', 'STI', 'AS', …), for
   * the statistics by organisation type (decision 068); null or absent when the lookup failed or was slow.
   */
  organisasjonsform?: string | null;
}

export interface OrgRegistry {
  /**
   * The organisations where the person has the role 'kommunale tjenester'. The person is known by
   * the identity provider's `sub`; a real client exchanges the caller's token for one the register
   * accepts, so the national identity number never passes through this server.
   */
  organizationsFor(person: { sub: string }): Promise<OrganizationRole[]>;
  /**
   * Where the organisation's invoices go (decision 071): Enhetsregisteret's postadresse, else its
   * forretningsadresse; null when it has neither (or is not in the register). Throws (a 503 AppError)
   * when the register cannot answer now, so the caller can tell "no address" from "ask again later".
   */
  invoiceAddressOf(orgnr: string): Promise<PostalAddress | null>;
}
