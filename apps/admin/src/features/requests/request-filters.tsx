import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Label, Search, Select } from '@digdir/designsystemet-react';
import type { AdminBookingSort } from '@lokaler/domain/admin-booking-list';
import { bookingPurposes, type BookingPurpose } from '@lokaler/domain/booking';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import { bookingPurposeLabels } from '@lokaler/ui/booking-purpose';
import { hasNarrowingFilters, type FilterChange, type RequestListState } from '../../lib/list-url-state';
import { DateField } from '@lokaler/ui/date-field';

const asFilterDate = (value: string): string | undefined => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export const sortLabels: Record<AdminBookingSort, string> = {
  deadline: 'Frist, nærmest først',
  '-deadline': 'Frist, senest først',
  '-created': 'Nyeste søknad først',
  created: 'Eldste søknad først',
  firstDate: 'Første dato, tidligst først',
  '-firstDate': 'Første dato, senest først',
  caseNumber: 'Saksnummer, stigende',
  '-caseNumber': 'Saksnummer, synkende',
  applicant: 'Søker, A–Å',
  '-applicant': 'Søker, Å–A',
};

export const REVERSED_DATES_MESSAGE = 'Til-dato kan ikke være før fra-dato';

/** Dates, room, purpose, 'Mine saker', free text and sort of the request list; every change goes to the URL at once. */
export function RequestFilters({
  state,
  rooms,
  onChange,
  onReset,
}: {
  state: RequestListState;
  rooms: readonly BookableAsset[] | undefined;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const reversed = Boolean(state.fromDate && state.toDate && state.toDate < state.fromDate);
  return (
    <div className="lk-filters">
      <div className="lk-filters__grid">
        {/* A filter changes only on a real date (or none): unreadable text keeps its own message in the field. */}
        <DateField label="Fra dato" value={state.fromDate ?? ''} onChange={(value) => onChange({ fromDate: asFilterDate(value) })} />
        <DateField
          label="Til dato"
          value={state.toDate ?? ''}
          min={state.fromDate}
          error={reversed ? REVERSED_DATES_MESSAGE : undefined}
          onChange={(value) => onChange({ toDate: asFilterDate(value) })}
        />
        <Field>
          <Label htmlFor="lk-filter-room">Rom</Label>
          <Select
            id="lk-filter-room"
            value={state.bookableAssetId ?? ''}
            onChange={(e) => onChange({ bookableAssetId: e.target.value ? Number(e.target.value) : undefined })}
          >
            <Select.Option value="">Alle rom</Select.Option>
            {rooms?.map((room) => (
              <Select.Option key={room.id} value={room.id}>
                {room.displayName || room.name}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="lk-filter-purpose">Formål</Label>
          <Select
            id="lk-filter-purpose"
            value={state.purpose ?? ''}
            onChange={(e) => onChange({ purpose: (e.target.value || undefined) as BookingPurpose | undefined })}
          >
            <Select.Option value="">Alle formål</Select.Option>
            {bookingPurposes.map((purpose) => (
              <Select.Option key={purpose} value={purpose}>
                {bookingPurposeLabels[purpose]}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="lk-filter-sort">Sortering</Label>
          <Select id="lk-filter-sort" value={state.sort} onChange={(e) => onChange({ sort: e.target.value as AdminBookingSort })}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <Select.Option key={value} value={value}>
                {label}
              </Select.Option>
            ))}
          </Select>
        </Field>
      </div>
      <Checkbox
        label="Mine saker"
        description="Bare søknadene du har tatt"
        checked={Boolean(state.mine)}
        onChange={(e) => onChange({ mine: e.target.checked })}
      />
      {/* Keyed by the URL's text, so going back in history shows that search's text in the field. */}
      <TextSearch key={state.text ?? ''} text={state.text ?? ''} onSearch={(text) => onChange({ text: text || undefined })} />
      {hasNarrowingFilters(state) && (
        <div>
          <Button variant="tertiary" onClick={onReset}>
            Nullstill filtre
          </Button>
        </div>
      )}
    </div>
  );
}

/** Free text is searched when submitted (Enter or 'Søk'), not on every key. */
function TextSearch({ text, onSearch }: { text: string; onSearch: (text: string) => void }) {
  const [value, setValue] = useState(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="lk-text-search">
      <Label htmlFor="lk-filter-text">Søk i søknadene</Label>
      <Search>
        <Search.Input
          id="lk-filter-text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Navn, organisasjon, saksnummer eller aktivitet"
        />
        <Search.Clear
          aria-label="Tøm søket"
          onClick={() => {
            setValue('');
            onSearch('');
          }}
        />
        <Search.Button type="submit">Søk</Search.Button>
      </Search>
    </form>
  );
}
