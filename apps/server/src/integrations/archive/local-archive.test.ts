import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveMessage } from './archive-client';
import { LocalArchive } from './local-archive';

const message = (messageId: string): ArchiveMessage => ({
  messageId,
  messageType: 'no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett',
  caseNumber: 'LOK-2026-00001',
  xml: '<arkivmelding/>',
  files: [{ name: 'soknad.pdf', bytes: new TextEncoder().encode('%PDF-1.7 test'), mimeType: 'application/pdf' }],
});

describe('the local archive (decision 056)', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-local-archive-'));
    folders.push(made);
    return made;
  };
  afterEach(() => {
    for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
  });

  it('writes each message as a folder with arkivmelding.xml and its files, and nothing half-written beside it', async () => {
    const root = folder();
    const archive = new LocalArchive(root);
    expect(await archive.send(message('3f2c9a1e-0b7d-4c55-9e2a-6d1f0c8b7a11'))).toEqual({
      receiptId: 'local-3f2c9a1e-0b7d-4c55-9e2a-6d1f0c8b7a11',
    });
    expect(fs.readdirSync(root)).toEqual(['3f2c9a1e-0b7d-4c55-9e2a-6d1f0c8b7a11']);
    expect(fs.readdirSync(path.join(root, '3f2c9a1e-0b7d-4c55-9e2a-6d1f0c8b7a11')).sort()).toEqual(['arkivmelding.xml', 'soknad.pdf']);
  });

  it('takes a resend of the same message (after a crash) as delivered, without a second copy, also from two processes at once', async () => {
    const root = folder();
    const [a, b] = [new LocalArchive(root), new LocalArchive(root)];
    const id = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const receipts = await Promise.all([a.send(message(id)), b.send(message(id)), a.send(message(id))]);
    expect(new Set(receipts.map((r) => r.receiptId)).size).toBe(1);
    expect(fs.readdirSync(root)).toEqual([id]);
  });

  it('refuses a file name that could leave its folder, as an archive refuses a bad message', async () => {
    const archive = new LocalArchive(folder());
    const bad = {
      ...message('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
      files: [{ name: '../x.pdf', bytes: new Uint8Array(), mimeType: 'application/pdf' }],
    };
    await expect(archive.send(bad)).rejects.toThrow('Ugyldig filnavn i meldingen: ../x.pdf');
  });
});
