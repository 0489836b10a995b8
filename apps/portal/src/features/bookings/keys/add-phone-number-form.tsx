import { useState, type FormEvent } from 'react';
import { Button, Textfield } from '@digdir/designsystemet-react';
import { invalidKeyPhoneNumberMessage, normalizeKeyPhoneNumber } from '@lokaler/domain/oslonokkelen';

/**
 * Spec 02 §5: a number is exactly 8 digits once spaces are removed; Enter submits (it is a form).
 * The field is emptied only when the number was added.
 */
export function AddPhoneNumberForm({ onAdd, pending }: { onAdd: (phoneNumber: string) => Promise<boolean>; pending: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phoneNumber = normalizeKeyPhoneNumber(value);
    if (!phoneNumber) {
      setError(invalidKeyPhoneNumberMessage);
      return;
    }
    setError(undefined);
    if (await onAdd(phoneNumber)) setValue('');
  };

  return (
    <form className="lk-key-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Legg til telefonnummer">
      <Textfield
        label="Telefonnummer"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" loading={pending}>
        Legg til
      </Button>
    </form>
  );
}
