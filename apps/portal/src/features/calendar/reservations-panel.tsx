import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { AvailabilityResponse, BookingCreationDto, TimeWithAvailability } from '@lokaler/domain/booking-request';
import { partialAvailability } from '@lokaler/domain/scheduling/availability-summary';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { minutesToTime, parseTime } from '@lokaler/domain/scheduling/time-of-day';
import { formatInterval } from '@lokaler/ui/formatters';
import { Loading } from '@lokaler/ui/loading';
import { repeatLabels } from './calendar-rules';
import { roomAvailability } from './reservations';

export const CONTINUE_LABEL = 'Gå til søknad';

function endTimeOf(startTime: string, duration: string | number): string {
  const start = parseTime(startTime) ?? 0;
  return minutesToTime(Math.min(start + (parseDuration(duration) ?? 0), 1440));
}

function describeTime(t: { date: string; startTime: string; duration: string | number; endTime?: string | null }): string {
  return formatInterval(t.date, t.startTime, t.endTime ?? endTimeOf(t.startTime, t.duration));
}

function describeRepetition(reservation: BookingCreationDto): string | null {
  const r = reservation.repetition;
  if (!r || (r.pattern !== 'WEEKLY' && r.pattern !== 'BIWEEKLY')) return null;
  return `${repeatLabels[r.pattern].toLowerCase()} til og med ${formatDateNorwegian(r.lastDate)}`;
}

function TimeList({ times }: { times: readonly TimeWithAvailability[] }) {
  return (
    <ul>
      {times.map((t) => (
        <li key={`${t.date}${t.startTime}`}>
          {describeTime(t)}
          {t.message ? ` – ${t.message}` : ''}
        </li>
      ))}
    </ul>
  );
}

interface ReservationsPanelProps {
  rooms: readonly BookableAsset[];
  reservations: readonly BookingCreationDto[];
  availability: AvailabilityResponse | null;
  checking: boolean;
  onRemove: (index: number) => void;
  canContinue: boolean;
  onContinue: () => void;
}

/**
 * The times added to the application and what the availability check said about them (spec 01 §8):
 * 'Ledig {n} av {m} valgte datoer' red or yellow, the times that are 'ikke ledig', and the rules a
 * request breaks. The way on to the form opens when nothing is broken and something is free.
 */
export function ReservationsPanel({
  rooms,
  reservations,
  availability,
  checking,
  onRemove,
  canContinue,
  onContinue,
}: ReservationsPanelProps) {
  if (reservations.length === 0) return null;
  return (
    <section aria-labelledby="lk-reservations-title" className="lk-stack">
      <Heading level={2} data-size="sm" id="lk-reservations-title">
        Tider i søknaden
      </Heading>
      {rooms.map((room) => {
        const own = reservations.map((r, index) => ({ r, index })).filter(({ r }) => r.bookableAssetId === room.id);
        if (own.length === 0) return null;
        const result = availability ? roomAvailability(availability, room.id) : null;
        const total = result ? result.available.length + result.unavailable.length + result.errors.length : 0;
        const partial = result ? partialAvailability(result.available.length, total) : null;
        return (
          <div key={room.id} className="lk-stack lk-room-reservations">
            <Heading level={3} data-size="xs">
              {room.displayName}
            </Heading>
            <ul>
              {own.map(({ r, index }) => (
                <li key={index} className="lk-reservation">
                  <span>
                    {r.datesAndTimes.map((t) => describeTime(t)).join(', ')}
                    {describeRepetition(r) ? `, ${describeRepetition(r)}` : ''}
                  </span>
                  <Button
                    variant="tertiary"
                    data-size="sm"
                    onClick={() => onRemove(index)}
                    aria-label={`Fjern ${room.displayName} ${r.datesAndTimes.map((t) => describeTime(t)).join(', ')}`}
                  >
                    Fjern
                  </Button>
                </li>
              ))}
            </ul>
            {result && partial && (
              <Alert data-color={partial.tone}>
                <Paragraph>
                  <strong>{partial.text}</strong>
                </Paragraph>
              </Alert>
            )}
            {result && result.unavailable.length > 0 && (
              <Alert data-color="warning">
                <Paragraph>Disse tidene er ikke ledig i {room.displayName}:</Paragraph>
                <TimeList times={result.unavailable} />
              </Alert>
            )}
            {result && (result.errors.length > 0 || result.violations.length > 0) && (
              <Alert data-color="danger">
                {result.violations.map((v) => (
                  <Paragraph key={v.code}>{v.message}</Paragraph>
                ))}
                {result.errors.length > 0 && <TimeList times={result.errors} />}
              </Alert>
            )}
            {result && !partial && total > 0 && (
              <Paragraph>{total === 1 ? 'Tiden er ledig.' : `Alle ${total} tidene er ledige.`}</Paragraph>
            )}
          </div>
        );
      })}
      {checking && <Loading label="Sjekker om tidene er ledige" />}
      <div>
        <Button onClick={onContinue} disabled={!canContinue || checking}>
          {CONTINUE_LABEL}
        </Button>
      </div>
    </section>
  );
}
