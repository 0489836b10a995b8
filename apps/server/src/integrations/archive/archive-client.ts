/** One file of an archive message: arkivmelding.xml names it by `name` (referanseDokumentfil). */
export interface ArchiveFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
}

/**
 * One message to the city's archive (decision 056): the arkivmelding and its documents. The id is
 * the same on every attempt to send the same journal post, so a receiver can tell a resend.
 */
export interface ArchiveMessage {
  messageId: string;
  /** The Fiks Arkiv message type, no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett. */
  messageType: string;
  /** The case number the portal shows, which the message carries as the case's external key. */
  caseNumber: string;
  /** arkivmelding.xml, UTF-8. */
  xml: string;
  files: ArchiveFile[];
}

/** The shape of the city's archive client: one call that hands over one message. */
export interface ArchiveClient {
  /** Resolves with the archive's receipt once it accepted the message; throws when it did not (the outbox retries). */
  send(message: ArchiveMessage): Promise<{ receiptId: string }>;
}

/** The archive refused or could not take the message; the text is what the admin's log shows. */
export class ArchiveDeliveryError extends Error {}
