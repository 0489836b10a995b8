import { Card, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { formatInstant } from '../format';

/** Spec 02 §2 "decision messages and a message from the location": what the location wrote to the applicant. */
export function DecisionMessages({ booking }: { booking: UserBooking }) {
  if (booking.decisionMessages.length === 0) return null;
  const from = booking.sourceForm === 'wedding' ? 'vielseskontoret' : booking.location.name;
  return (
    <section className="lk-booking-section" aria-labelledby="lk-messages-title">
      <Heading level={2} data-size="sm" id="lk-messages-title">
        Melding fra {from}
      </Heading>
      <ul className="lk-plain-list">
        {booking.decisionMessages.map((message) => (
          <li key={`${message.createdTimeUtc}-${message.message.slice(0, 20)}`}>
            <Card data-color="neutral">
              <Paragraph className="lk-preserve-lines">{message.message}</Paragraph>
              <Paragraph data-size="sm" className="lk-muted">
                {formatInstant(message.createdTimeUtc)}
              </Paragraph>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
