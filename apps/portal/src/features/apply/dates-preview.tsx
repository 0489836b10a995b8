import { forwardRef } from 'react';
import { Alert, Checkbox, Details, Fieldset, Heading, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { dateFateLabels, timesWithFate, type TimeWithFate } from '@lokaler/domain/scheduling/date-fate';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import './dates-preview.css';

/** A list this long or shorter is shown open; a longer one folds behind its summary (320 px stays usable). */
const OPEN_LIST_MAX = 6;

export const SEND_WITHOUT_LABEL = 'Send søknaden uten datoene som ikke er ledige';
export const SEND_WITHOUT_REQUIRED = 'Velg om du vil sende søknaden uten datoene som ikke er ledige, eller endre tidspunktene.';

/** 'torsdag 24.12.2026' */
export function formatFateDate(date: string): string {
  return formatDate(date, 'EEEE dd.MM.yyyy');
}

function when(t: TimeWithFate): string {
  return `${formatFateDate(t.date)} kl. ${formatClock(t.startTime)}–${formatClock(t.endTime ?? t.startTime)}`;
}

function FateList({ times }: { times: readonly TimeWithFate[] }) {
  return (
    <ul className="lk-date-fates">
      {times.map((t) => (
        <li key={`${t.date}${t.startTime}`} className={t.fate === 'FREE' ? undefined : 'lk-date-fates__not-free'}>
          <span>{when(t)}: </span>
          <strong>{dateFateLabels[t.fate]}</strong>
        </li>
      ))}
    </ul>
  );
}

function countText(times: readonly TimeWithFate[]): string {
  const free = times.filter((t) => t.fate === 'FREE').length;
  const notFree = times.length - free;
  const total = `${times.length} ${times.length === 1 ? 'dato' : 'datoer'}`;
  if (notFree === 0) return `${total}, alle ledige`;
  return `${total}: ${free} ${free === 1 ? 'ledig' : 'ledige'}, ${notFree} ikke ledige`;
}

/**
 * Every date's fate before sending (decision 027): per room, each date of the request with its
 * state in words (never colour only). The dates that are not free are always named in a warning;
 * the whole list folds when it is long.
 */
export function DatesPreview({ rooms, availability }: { rooms: readonly BookableAsset[]; availability: AvailabilityResponse }) {
  return (
    <section aria-labelledby="lk-application-times" className="lk-stack">
      <Heading level={2} data-size="sm" id="lk-application-times">
        Tider du søker om
      </Heading>
      {rooms.map((room) => {
        const times = timesWithFate(availability, room.id);
        if (times.length === 0) return null;
        const notFree = times.filter((t) => t.fate !== 'FREE');
        return (
          <div key={room.id} className="lk-stack">
            <Heading level={3} data-size="xs">
              {room.displayName}, {room.locationName}
            </Heading>
            {notFree.length > 0 && (
              <Alert data-color="warning">
                <Heading level={4} data-size="2xs">
                  {notFree.length === 1 ? '1 dato er ikke ledig' : `${notFree.length} datoer er ikke ledige`}
                </Heading>
                <FateList times={notFree} />
              </Alert>
            )}
            {times.length <= OPEN_LIST_MAX ? (
              <FateList times={times} />
            ) : (
              <Details>
                <Details.Summary>{`Alle datoene (${countText(times)})`}</Details.Summary>
                <Details.Content>
                  <FateList times={times} />
                </Details.Content>
              </Details>
            )}
          </div>
        );
      })}
    </section>
  );
}

interface SendWithoutChoiceProps {
  count: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}

/** The explicit choice to send only the free dates ('søkt uten n datoer' for the administrator). */
export const SendWithoutChoice = forwardRef<HTMLInputElement, SendWithoutChoiceProps>(function SendWithoutChoice(
  { count, checked, onChange, error },
  ref,
) {
  return (
    <Fieldset>
      <Fieldset.Legend>Datoer som ikke er ledige</Fieldset.Legend>
      <Fieldset.Description>
        {count === 1 ? '1 dato er ikke ledig.' : `${count} datoer er ikke ledige.`} Du kan sende søknaden for de ledige datoene, eller endre
        tidspunktene. Behandleren ser hvilke datoer du søkte uten.
      </Fieldset.Description>
      <Checkbox
        ref={ref}
        label={`${SEND_WITHOUT_LABEL} (${count})`}
        checked={checked}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      {error && <ValidationMessage>{error}</ValidationMessage>}
    </Fieldset>
  );
});

/** Shown when the request cannot be sent as it is, not even without some dates: it must change. */
export function MustChange() {
  return (
    <Alert data-color="danger">
      <Paragraph>Noen av tidene kan ikke sendes slik de er. Endre tidspunktene før du sender søknaden.</Paragraph>
    </Alert>
  );
}
