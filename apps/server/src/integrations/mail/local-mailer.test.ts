import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERED_FOLDER, LocalMailer, RESENDS_LOG, type OutgoingMail } from './mailer';

/**
 * The local mail service delivers each Message-ID once (decision 017): the outbox resends a message
 * whose process died between the service accepting it and `sent_at`, with the same Message-ID.
 */
describe('the local mail service deduplicates by Message-ID', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-local-mailer-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const message = (messageId: string, to = 'kari@example.no'): OutgoingMail => ({
    to,
    subject: 'Søknaden din er godkjent',
    text: 'Hei Kari!\n\nSøknaden er godkjent.',
    from: 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>',
    messageId,
  });
  const emlFiles = () =>
    fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  const resendLog = () =>
    fs
      .readFileSync(path.join(folder, DELIVERED_FOLDER, RESENDS_LOG), 'utf8')
      .trim()
      .split('\n');

  it('writes one file for a message sent again with the same Message-ID, and logs the resend', async () => {
    const id = '<outbox-7-1764201600000@lokaler.oslo.kommune.no>';
    await new LocalMailer(folder).send(message(id));
    // The resend comes from another process (a fresh instance: nothing in memory).
    const other = new LocalMailer(folder);
    await other.send(message(id));
    await other.send(message(id));
    const files = emlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{6}\.eml$/);
    expect(fs.readFileSync(path.join(folder, files[0]!), 'utf8')).toContain(`Message-ID: ${id}`);
    expect(other.resends).toBe(2);
    expect(other.sent).toEqual([]);
    expect(resendLog()).toEqual([expect.stringContaining(`${id} ${files[0]}`), expect.stringContaining(`${id} ${files[0]}`)]);

    // A different Message-ID to the same person with the same text is a message of its own.
    await other.send(message('<outbox-8-1764201600000@lokaler.oslo.kommune.no>'));
    expect(emlFiles()).toHaveLength(2);
  });

  it('writes the file a crash left out: the marker exists but its .eml does not', async () => {
    const id = '<outbox-9-1764201600000@lokaler.oslo.kommune.no>';
    await new LocalMailer(folder).send(message(id));
    const [written] = emlFiles();
    // The process died after recording the Message-ID and before its file was in place.
    fs.rmSync(path.join(folder, written!));
    expect(emlFiles()).toEqual([]);

    const resender = new LocalMailer(folder);
    await resender.send(message(id));
    // The file the marker names, so the mailbox's order by time stamp is the first attempt's.
    expect(emlFiles()).toEqual([written]);
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(folder, written!)));
    expect(parsed.to?.map((a) => 'address' in a && a.address)).toEqual(['kari@example.no']);
    expect(parsed.text).toContain('Søknaden er godkjent');
    expect(resender.resends).toBe(0);
    expect(resender.sent.map((m) => m.messageId)).toEqual([id]);
    expect(fs.existsSync(path.join(folder, DELIVERED_FOLDER, RESENDS_LOG))).toBe(false);
  });

  it('delivers one file when two processes send the same message at the same moment', async () => {
    const id = '<outbox-10-1764201600000@lokaler.oslo.kommune.no>';
    const mailers = Array.from({ length: 6 }, () => new LocalMailer(folder));
    await Promise.all(mailers.map((m) => m.send(message(id))));
    expect(emlFiles()).toHaveLength(1);
    // Nothing half written or temporary is left where the mailbox reads.
    expect(fs.readdirSync(folder).filter((f) => !f.endsWith('.eml'))).toEqual([DELIVERED_FOLDER]);
  });

  it('keeps refusing undeliverable addresses permanently', async () => {
    await expect(new LocalMailer(folder).send(message('<x@y>', 'not-an-address'))).rejects.toMatchObject({ permanent: true });
    expect(emlFiles()).toEqual([]);
  });

  it('without a folder, remembers the Message-IDs it holds in memory', async () => {
    const mailer = new LocalMailer();
    await mailer.send(message('<a@lokaler>'));
    await mailer.send(message('<a@lokaler>'));
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.resends).toBe(1);
  });
});
