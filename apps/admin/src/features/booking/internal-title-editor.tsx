import { useEffect, useState, type FormEvent } from 'react';
import { Button, Textfield } from '@digdir/designsystemet-react';
import { saveInternalTitleMutation } from '@lokaler/api-client/admin-bookings';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { INTERNAL_TITLE_MAX } from '@lokaler/domain/admin-booking-view';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

/** The title of an internal event (shown in the calendar instead of an applicant's name). */
export function InternalTitleEditor({
  bookingId,
  title,
  onDirtyChange,
}: {
  bookingId: number;
  title: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  return <TitleForm key={title} bookingId={bookingId} stored={title} onDirtyChange={onDirtyChange} />;
}

function TitleForm({ bookingId, stored, onDirtyChange }: { bookingId: number; stored: string; onDirtyChange: (dirty: boolean) => void }) {
  const [text, setText] = useState(stored);
  const save = useBookingChange(saveInternalTitleMutation(bookingId));
  const dirty = text !== stored;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(text.trim());
  };
  return (
    <form onSubmit={submit} className="lk-stack lk-narrow">
      <Textfield
        label="Tittel på den interne aktiviteten"
        value={text}
        maxLength={INTERNAL_TITLE_MAX}
        onChange={(e) => setText(e.target.value)}
        error={save.error ? userMessageOf(save.error) : undefined}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={!dirty || save.isPending} loading={save.isPending}>
          Lagre tittel
        </Button>
      </div>
    </form>
  );
}
