import { createMaskinportenClient, type MaskinportenSettings } from '../person-register/maskinporten-client';
import { ArchiveDeliveryError, type ArchiveClient, type ArchiveMessage } from './archive-client';
import { storedZip } from './zip';

export interface FiksArkivSettings {
  /** Fiks IO's base address, e.g. https://api.fiks.ks.no. */
  fiksIoUrl: string;
  /** The portal's Fiks IO account (avsenderKontoId). */
  accountId: string;
  /** The archive's Fiks IO account (mottakerKontoId). */
  archiveAccountId: string;
  integrationId: string;
  integrationPassword: string;
  /** Maskinporten for the ks:fiks scope. */
  maskinporten: MaskinportenSettings;
  timeoutMs: number;
}

/**
 * Fiks IO encrypts a payload end to end for the receiving account: CMS EnvelopedData for the
 * certificate the account publishes in Fiks IO's catalogue. Node has no CMS writer, and this
 * repository has no verified one (decision 056), so the step is given from outside.
 */
export type SealPayload = (zip: Uint8Array, archiveAccountId: string) => Promise<Uint8Array>;

const notSealed: SealPayload = () =>
  Promise.reject(new ArchiveDeliveryError('Fiks IO-kryptering av meldingen (CMS) er ikke satt opp; meldingen er ikke sendt'));

/** How long Fiks IO keeps an unread message for the archive. */
const TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A Fiks Arkiv client in the request shape Fiks IO documents (decision 056), NOT verified against the
 * live service: POST {fiksIoUrl}/fiks-io/api/v1/send, multipart with `metadata` (sender and receiving
 * account, the message type no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett, time to live, our
 * message id as klientMeldingId) and `data` (the payload: arkivmelding.xml and the PDFs in a zip,
 * sealed for the archive's account); a Maskinporten token (scope ks:fiks) and the integration's id and
 * password as headers. A 2xx answer is the hand-over to Fiks IO; the archive's own receipt
 * (kvittering) comes later as a message to our account, which this client does not read.
 */
export function createFiksArkivClient(
  settings: FiksArkivSettings,
  options: { fetch?: typeof fetch; seal?: SealPayload } = {},
): ArchiveClient {
  const fetchImpl = options.fetch ?? fetch;
  const seal = options.seal ?? notSealed;
  const maskinporten = createMaskinportenClient(settings.maskinporten, fetchImpl);
  const endpoint = new URL('/fiks-io/api/v1/send', settings.fiksIoUrl).toString();
  return {
    async send(message: ArchiveMessage) {
      const zip = storedZip([
        { name: 'arkivmelding.xml', bytes: new TextEncoder().encode(message.xml) },
        ...message.files.map((f) => ({ name: f.name, bytes: f.bytes })),
      ]);
      const sealed = await seal(zip, settings.archiveAccountId);
      const metadata = {
        avsenderKontoId: settings.accountId,
        mottakerKontoId: settings.archiveAccountId,
        meldingType: message.messageType,
        ttl: TTL_MS,
        headere: { klientMeldingId: message.messageId },
      };
      const form = new FormData();
      form.append('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
      form.append('data', new Blob([new Uint8Array(sealed)], { type: 'application/octet-stream' }), 'melding.zip');
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await maskinporten.accessToken()}`,
          integrasjonid: settings.integrationId,
          integrasjonpassord: settings.integrationPassword,
        },
        body: form,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new ArchiveDeliveryError(`Fiks IO svarte HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
      const body = (await response.json()) as { meldingId?: unknown };
      if (typeof body.meldingId !== 'string') throw new ArchiveDeliveryError('Fiks IO svarte uten meldingId');
      return { receiptId: body.meldingId };
    },
  };
}
