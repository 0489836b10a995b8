import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Alert, Button, Field, Label, Paragraph, Select, ValidationMessage } from '@digdir/designsystemet-react';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { preferencesSavedMessage } from '@lokaler/domain/admin-location';
import type { SettingsFormProps } from './settings-form-props';

/** The id of a form field, from its react-hook-form name ('links.0.url' → 'lk-about-links-0-url'). */
export const fieldId = (form: string, name: string) => `lk-${form}-${name.replace(/\./g, '-')}`;

/** The server's message when a save fails (the one place that turns the failure into text: userMessageOf). */
export function SaveFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert data-color="danger" role="alert">
      <Paragraph>{userMessageOf(error)}</Paragraph>
    </Alert>
  );
}

/** 'Lagre og gå videre' in the wizard, 'Lagre' in the settings. */
export function SaveButton({ mode, busy }: { mode: SettingsFormProps['mode']; busy: boolean }) {
  return (
    <div>
      <Button type="submit" loading={busy} disabled={busy}>
        {mode === 'wizard' ? 'Lagre og gå videre' : 'Lagre'}
      </Button>
    </div>
  );
}

const SAVED_MESSAGE_MS = 3000;

/** 'Innstillingene ble lagret' for 3 seconds after a save in the settings (decision 015). */
export function useSavedMessage() {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(0), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  // The live region is always there, so a screen reader announces the text when it appears.
  const message = (
    <div role="status">
      {shown > 0 && (
        <Alert data-color="success">
          <Paragraph>{preferencesSavedMessage}</Paragraph>
        </Alert>
      )}
    </div>
  );
  return { show: () => setShown((n) => n + 1), message };
}

/** A labelled native select (Designsystemet) with its error, for react-hook-form's register. */
export function SelectField({
  id,
  label,
  description,
  error,
  children,
  ...select
}: { id: string; label: string; description?: string; error?: string; children: ReactNode } & ComponentProps<typeof Select>) {
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {description && <Field.Description id={`${id}-description`}>{description}</Field.Description>}
      <Select id={id} {...select} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Select>
      {error && <ValidationMessage id={`${id}-error`}>{error}</ValidationMessage>}
    </Field>
  );
}
