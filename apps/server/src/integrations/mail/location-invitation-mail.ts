import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { letterText } from './mail-layout';
import type { OutboxMail } from './outbox';

/** The link of the invitation in the admin app (decision 015): /nytt-lokale/{linkId}. */
export function locationInvitationLink(adminPublicUrl: string, linkId: string): string {
  return `${adminPublicUrl}/nytt-lokale/${linkId}`;
}

/**
 * The invitation to set up a new location, to its first administrator; queued in the transaction that
 * creates the location. The link is the only secret: it stays out of the topic.
 */
export function locationInvitationMail(input: {
  to: string;
  locationName: string;
  invitedBy: string;
  link: string;
  /** YYYY-MM-DD in Oslo: the last day the link can be used. */
  lastDay: string;
}): OutboxMail {
  const text = letterText({
    blocks: [
      `${input.invitedBy} har lagt til ${input.locationName} i Lokaler og invitert deg til å sette opp lokalet.`,
      [
        'Åpne lenken og logg inn for å legge inn informasjon, åpningstider og rom. Du kan ta pauser underveis;',
        'det du har lagret, blir tatt vare på. Lokalet vises i portalen når du publiserer det i siste steg.',
      ],
      input.link,
      `Lenken virker bare når du logger inn med denne e-postadressen, og den må tas i bruk innen ${formatDateNorwegian(input.lastDay)}.`,
    ],
  });
  return {
    to: input.to,
    subject: `Du er invitert til å sette opp ${input.locationName} i Lokaler`,
    text,
    topic: { kind: 'location-invitation' },
  };
}
