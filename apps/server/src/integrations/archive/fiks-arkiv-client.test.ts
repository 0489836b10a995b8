import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ArchiveMessage } from './archive-client';
import { createFiksArkivClient, type FiksArkivSettings } from './fiks-arkiv-client';

const settings: FiksArkivSettings = {
  fiksIoUrl: 'https://api.fiks.test.ks.no',
  accountId: '0b6c3f1e-2d4a-4e8b-9c7d-1a2b3c4d5e6f',
  archiveAccountId: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c',
  integrationId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  integrationPassword: 'integrasjonspassord',
  timeoutMs: 5000,
  maskinporten: {
    issuer: 'https://test.maskinporten.no/',
    clientId: 'lokaler',
    keyId: 'k1',
    scope: 'ks:fiks',
    privateKeyPem: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  },
};

const message: ArchiveMessage = {
  messageId: '3f2c9a1e-0b7d-4c55-9e2a-6d1f0c8b7a11',
  messageType: 'no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett',
  caseNumber: 'LOK-2026-00001',
  xml: '<arkivmelding/>',
  files: [{ name: 'soknad.pdf', bytes: new TextEncoder().encode('%PDF-1.7 test'), mimeType: 'application/pdf' }],
};

/** A fake Maskinporten and Fiks IO: records the send request, answers with a meldingId. */
function fakeServices() {
  const sent: { url: string; headers: Headers; form: FormData }[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url === 'https://test.maskinporten.no/token') return Response.json({ access_token: 'mp-token', expires_in: 120 });
    sent.push({ url, headers: new Headers(init?.headers), form: init?.body as FormData });
    return Response.json({ meldingId: 'fiks-melding-1' });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

describe('the Fiks Arkiv client (decision 056: the request shape, not verified against the live service)', () => {
  it('sends the sealed zip with the metadata Fiks IO asks for, a Maskinporten token and the integration headers', async () => {
    const { sent, fetchImpl } = fakeServices();
    const sealed: Uint8Array[] = [];
    const client = createFiksArkivClient(settings, {
      fetch: fetchImpl,
      seal: async (zip, account) => {
        expect(account).toBe(settings.archiveAccountId);
        sealed.push(zip);
        return zip;
      },
    });
    expect(await client.send(message)).toEqual({ receiptId: 'fiks-melding-1' });
    const [request] = sent;
    expect(request!.url).toBe('https://api.fiks.test.ks.no/fiks-io/api/v1/send');
    expect(request!.headers.get('authorization')).toBe('Bearer mp-token');
    expect(request!.headers.get('integrasjonid')).toBe(settings.integrationId);
    expect(request!.headers.get('integrasjonpassord')).toBe(settings.integrationPassword);
    expect(JSON.parse(await (request!.form.get('metadata') as Blob).text())).toMatchObject({
      avsenderKontoId: settings.accountId,
      mottakerKontoId: settings.archiveAccountId,
      meldingType: 'no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett',
      headere: { klientMeldingId: message.messageId },
    });
    // A stored zip: its entries' names and bytes are readable in it as they are.
    const zip = Buffer.from(sealed[0]!);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.includes('arkivmelding.xml')).toBe(true);
    expect(zip.includes('soknad.pdf')).toBe(true);
    expect(zip.includes('%PDF-1.7 test')).toBe(true);
    expect(Buffer.from(await (request!.form.get('data') as Blob).arrayBuffer())).toEqual(zip);
  });

  it('without the encryption step it refuses to send, so the message stays in the outbox with the reason', async () => {
    const { sent, fetchImpl } = fakeServices();
    const client = createFiksArkivClient(settings, { fetch: fetchImpl });
    await expect(client.send(message)).rejects.toThrow(/kryptering.*ikke satt opp/);
    expect(sent).toEqual([]);
  });
});
