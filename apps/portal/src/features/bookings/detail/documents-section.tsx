import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { infoForLeietakerQuery, retroactiveContractQuery } from '@lokaler/api-client/user-booking-documents';
import { groupPhoneNumbersInText } from '@lokaler/ui/formatters';
import { paths } from '../../../config/paths';

/**
 * Spec 02 §2 documents section: the decision, the contract, the retroactive-booking note (only when
 * there is one) and the venue's practical information for tenants.
 */
export function DocumentsSection({ sub, booking }: { sub: string; booking: UserBooking }) {
  const note = useQuery(retroactiveContractQuery(sub, booking.bookingId));
  const info = useQuery(infoForLeietakerQuery(sub, booking.bookingId));
  const hasNote = Boolean(note.data?.text.trim());
  const practical = info.data && (info.data.description.trim() || info.data.links.length > 0) ? info.data : undefined;
  const documents = [
    booking.vedtakExists && { href: paths.bookingDecision.getHref(booking.bookingId), label: 'Vedtak' },
    booking.contractExists && { href: paths.bookingContract.getHref(booking.bookingId), label: 'Kontrakt' },
    hasNote && { href: paths.bookingChangeNote.getHref(booking.bookingId), label: 'Endringsnotat' },
  ].filter((d): d is { href: string; label: string } => Boolean(d));

  if (documents.length === 0 && !practical) return null;

  return (
    <section className="lk-booking-section" aria-labelledby="lk-documents-title">
      <Heading level={2} data-size="sm" id="lk-documents-title">
        Dokumenter
      </Heading>
      {documents.length > 0 && (
        <ul className="lk-plain-list" aria-label="Dokumenter for bookingen">
          {documents.map((doc) => (
            <li key={doc.href}>
              <Link asChild>
                <RouterLink to={doc.href}>{doc.label}</RouterLink>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {practical && (
        <div className="lk-stack">
          <Heading level={3} data-size="xs">
            {practical.heading || 'Praktisk informasjon'}
          </Heading>
          {practical.description && <Paragraph className="lk-preserve-lines">{groupPhoneNumbersInText(practical.description)}</Paragraph>}
          {practical.links.length > 0 && (
            <ul className="lk-plain-list">
              {practical.links.map((link) => (
                <li key={link.url}>
                  <Link href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.linkText} (åpnes i ny fane)
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
