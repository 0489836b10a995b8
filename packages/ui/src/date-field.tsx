import { lazy, Suspense, useId, useState, type FocusEvent, type Ref } from 'react';
import { Button, Dialog, Field, Heading, Input, Label, Spinner, ValidationMessage } from '@digdir/designsystemet-react';
import { dateOf, DATE_FORMAT_MESSAGE, formatDateText, isoOfDate, parseDateText } from './date-text';
import './date-field.css';

const loadCalendar = () => import('./date-field-calendar');
const DateFieldCalendar = lazy(loadCalendar);

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD'; '' when empty; while the text is no date, the text itself (so the form's schema refuses it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The input's id (an error summary links to it); made up when not given. */
  id?: string;
  name?: string;
  description?: string;
  /** The form's message for this field (shown when the text itself is a date). */
  error?: string;
  /** The first and last day one may choose ('YYYY-MM-DD'): the calendar offers no other. */
  min?: string;
  max?: string;
  required?: boolean;
  /** The input, for react-hook-form to focus on an error. */
  ref?: Ref<HTMLInputElement>;
  'data-size'?: 'sm' | 'md' | 'lg';
}

/**
 * The one date field of both SPAs (decision 020): a text input that takes dd.mm.åååå, beside a
 * button that opens a calendar (react-day-picker in Norwegian: weeks from Monday, Norwegian month and
 * day names, arrow keys, Page Up/Down for months, Enter to choose) in a modal dialog that fits 320 px.
 * Text that is no date gets its own message when the person leaves the field.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  id,
  name,
  description,
  error,
  min,
  max,
  required,
  ref,
  'data-size': size,
}: DateFieldProps) {
  const ownId = useId();
  const inputId = id ?? `lk-date-${ownId.replace(/:/g, '')}`;
  const [text, setText] = useState(() => formatDateText(value));
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);

  // A value set from outside (a reset, the calendar, a link) shows as Norwegian text.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    // A form that keeps only real dates hears '' for unreadable text: the text stays, with its message.
    const unreadableKept = value === '' && parseDateText(text) === null;
    if (toValue(text) !== value && !unreadableKept) setText(formatDateText(value));
  }

  const unreadable = left && parseDateText(text) === null;
  const message = unreadable ? DATE_FORMAT_MESSAGE : error;
  const descriptionId = `${inputId}-description`;
  const messageId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [description ? descriptionId : '', hintId, message ? messageId : ''].filter(Boolean).join(' ');

  const selected = dateOf(value);
  const first = dateOf(min);
  const last = dateOf(max);

  const choose = (day: Date | undefined) => {
    if (!day) return;
    const chosen = isoOfDate(day);
    setText(formatDateText(chosen));
    setLeft(false);
    onChange(chosen);
    setOpen(false);
  };

  return (
    <Field className="lk-date-field" data-size={size}>
      <Label htmlFor={inputId}>{label}</Label>
      {description && <Field.Description id={descriptionId}>{description}</Field.Description>}
      <span id={hintId} className="lk-date-field__hint">
        dd.mm.åååå
      </span>
      <div className="lk-date-field__row">
        <Input
          ref={ref}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            onChange(toValue(next));
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            setLeft(event.target.value.trim() !== '');
            onBlur?.();
          }}
        />
        <Button
          type="button"
          variant="secondary"
          icon
          aria-label={
            selected ? `Velg ${label.toLowerCase()} i kalender, valgt ${formatDateText(value)}` : `Velg ${label.toLowerCase()} i kalender`
          }
          aria-haspopup="dialog"
          // The calendar's code is fetched as the pointer or the focus comes near, so it is there on the press.
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setOpen(true)}
        >
          <CalendarIcon />
        </Button>
      </div>
      {message && <ValidationMessage id={messageId}>{message}</ValidationMessage>}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        closedby="any"
        closeButton="Lukk"
        aria-labelledby={`${inputId}-dialog-heading`}
        className="lk-date-field__dialog"
      >
        <Dialog.Block>
          {/* Not the field's own label: the input alone is 'Dato' to a screen reader (and to getByLabel). */}
          <Heading level={2} data-size="xs" id={`${inputId}-dialog-heading`}>
            Velg {label.toLowerCase()}
          </Heading>
        </Dialog.Block>
        <Dialog.Block>
          {open && (
            <Suspense fallback={<Spinner aria-label="Henter kalenderen" data-size="md" />}>
              <DateFieldCalendar selected={selected} first={first} last={last} onSelect={choose} />
            </Suspense>
          )}
        </Dialog.Block>
      </Dialog>
    </Field>
  );
}

/** The form's value for this text: the date, '' for nothing, or the text itself when it is no date. */
function toValue(text: string): string {
  return parseDateText(text) ?? text;
}

function CalendarIcon() {
  return (
    <svg
      width="1.25em"
      height="1.25em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}
