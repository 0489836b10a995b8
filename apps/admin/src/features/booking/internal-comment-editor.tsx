import { useEffect, useState, type FormEvent } from 'react';
import { Button, Textfield } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { internalCommentQuery, saveInternalCommentMutation } from '@lokaler/api-client/admin-bookings';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { INTERNAL_COMMENT_MAX, internalCommentWarning } from '@lokaler/domain/admin-booking-view';
import { findPersonalData, personalDataQuestion } from '@lokaler/domain/personal-data-in-text';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

/** Spec 02 §5: internal notes must not hold personal data; said where the note is written. */
export const INTERNAL_COMMENT_HELP = `${internalCommentWarning} Notatet er bare for administratorene av lokalet. Skriv om saken, ikke om personer: ikke navn, fødselsnummer, telefonnummer, adresse eller helseopplysninger.`;

/** The internal comment (plain text), saved with 'Lagre notat'; reports unsaved text to the page's guard. */
export function InternalCommentEditor({ bookingId, onDirtyChange }: { bookingId: number; onDirtyChange: (dirty: boolean) => void }) {
  // Keyed by the stored text: after a save (or someone else's) the field starts from what is stored.
  return (
    <QueryLoader query={useQuery(internalCommentQuery(bookingId))} loadingLabel="Henter internnotatet" describeFailure={loadFailureMessage}>
      {(stored) => <CommentForm key={stored} bookingId={bookingId} stored={stored} onDirtyChange={onDirtyChange} />}
    </QueryLoader>
  );
}

function CommentForm({ bookingId, stored, onDirtyChange }: { bookingId: number; stored: string; onDirtyChange: (dirty: boolean) => void }) {
  const [text, setText] = useState(stored);
  const save = useBookingChange(saveInternalCommentMutation(bookingId));
  const dirty = text !== stored;
  const tooLong = text.length > INTERNAL_COMMENT_MAX;
  // The question asked before a note that seems to hold a fødselsnummer or a phone number is saved.
  const [question, setQuestion] = useState<string | null>(null);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const found = findPersonalData(text.trim());
    if (found.length > 0) setQuestion(personalDataQuestion(found));
    else save.mutate(text.trim());
  };
  return (
    <form onSubmit={submit} className="lk-stack lk-narrow">
      <Textfield
        label="Internnotat"
        description={INTERNAL_COMMENT_HELP}
        multiline
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        counter={{ limit: INTERNAL_COMMENT_MAX, over: '%d tegn for mye', under: '%d tegn igjen' }}
        error={save.error ? userMessageOf(save.error) : undefined}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={!dirty || tooLong || save.isPending} loading={save.isPending}>
          Lagre notat
        </Button>
      </div>
      <ConfirmDialog
        open={question !== null}
        title="Personopplysninger i notatet?"
        confirmLabel="Lagre likevel"
        cancelLabel="Rett notatet"
        busy={save.isPending}
        onConfirm={() => {
          setQuestion(null);
          save.mutate({ comment: text.trim(), confirmPersonalData: true });
        }}
        onCancel={() => setQuestion(null)}
      >
        {question ?? ''}
      </ConfirmDialog>
    </form>
  );
}
