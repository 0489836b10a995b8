import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect, inject } from 'vitest';

/**
 * The dev mailbox: the local mail service writes every e-mail the outbox delivers as an .eml file in
 * the server's DATA_DIR/mail (README, "e-mail"). Delivery runs every few seconds, so a reader polls.
 */
async function mails(): Promise<{ to: string; text: string }[]> {
  const folder = path.join(inject('dataDir'), 'mail');
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map(async (name) => {
        // Parsed as a mail program would: the files are the bytes production sends (quoted-printable).
        const parsed = await PostalMime.parse(await fs.readFile(path.join(folder, name)));
        const to = parsed.to?.[0];
        // What a reader sees: the subject, then the plain text.
        return { to: to && 'address' in to ? (to.address ?? '') : '', text: `${parsed.subject ?? ''}\n\n${parsed.text ?? ''}` };
      }),
  );
}

/** The newest e-mail to this address whose text matches, once it has been delivered (up to 30 s). */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await mails()).reverse().find((m) => m.to === to && pattern.test(m.text))?.text;
        return found !== undefined;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return found!;
}

/** How many delivered e-mails to this address name the case number and say a decision ('godkjent' / 'avslått'). */
export async function answersTo(to: string, caseNumber: string): Promise<number> {
  return (await mails()).filter((m) => m.to === to && m.text.includes(caseNumber) && /godkjent|avslått/.test(m.text)).length;
}
