import { Heading, Paragraph, Tag } from '@digdir/designsystemet-react';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { adminKeyAccessDisplay } from '@lokaler/domain/key-access-state';
import { formatPhoneNumber } from '@lokaler/ui/formatters';
import './key-access-section.css';

/**
 * The digital key (Oslonøkkelen) of the booking: per shared phone number, its access state (spec 02
 * §4 admin key-access states), deleted numbers too. Hidden when no room opens with the key and no
 * number was ever shared.
 */
export function KeyAccessSection({ booking }: { booking: AdminBookingView }) {
  const { hasOslonokkelen, numbers } = booking.keyAccess;
  if (!hasOslonokkelen && numbers.length === 0) return null;
  return (
    <section aria-labelledby="lk-key-access" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-key-access">
        Digital nøkkel (Oslonøkkelen)
      </Heading>
      {numbers.length === 0 ? (
        <Paragraph>Søkeren har ikke delt tilgang med noe telefonnummer.</Paragraph>
      ) : (
        <ul className="lk-key-access" aria-label="Telefonnumre med tilgang">
          {numbers.map((n) => {
            const { label, colour } = adminKeyAccessDisplay[n.state];
            return (
              <li key={n.id} className="lk-key-access__item">
                <span>{formatPhoneNumber(n.phoneNumber)}</span>
                <Tag data-color={colour} data-size="sm">
                  {label}
                </Tag>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
