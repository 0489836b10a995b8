import { letterText } from '../../integrations/mail/mail-layout';
import type { OutboxMail } from '../../integrations/mail/outbox';

/** The signer's receipt for the contract, queued in the signing transaction. */
export function contractSignedMail(input: {
  to: string;
  signerName: string;
  bookingId: number;
  caseNumber: string;
  locationName: string;
  signedAt: string;
}): OutboxMail {
  return {
    to: input.to,
    subject: `Kontrakten er signert – ${input.locationName} (${input.caseNumber})`,
    text: letterText({
      greeting: `Hei ${input.signerName},`,
      blocks: [
        [
          `Du signerte kontrakten for bookingen hos ${input.locationName} ${input.signedAt}.`,
          'Du finner kontrakten på bookingen din i Lokaler.',
        ],
      ],
      signature: [input.locationName],
    }),
    topic: { kind: 'CONTRACT', bookingId: input.bookingId },
  };
}
