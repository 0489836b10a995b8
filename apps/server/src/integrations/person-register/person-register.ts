/** A citizen's contact details as the national register has them; absent when none (or reserved). */
export interface ContactDetails {
  email?: string;
  mobile?: string;
}

/**
 * Where a citizen's e-mail and mobile come from when the identity provider gives none (ID-porten's
 * tokens carry neither): Kontakt- og reservasjonsregisteret in production, the test people locally.
 * The national identity number goes to the register and nowhere else (never a log line).
 */
export interface PersonRegister {
  lookupContact(pid: string): Promise<ContactDetails>;
}
