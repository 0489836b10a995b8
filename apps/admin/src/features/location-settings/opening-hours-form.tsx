import { Button, Heading } from '@digdir/designsystemet-react';
import type { SettingsFormProps } from './settings-form-props';

/** Placeholder until the real form is merged (issue #13, built in parallel): same name and props. */
export function OpeningHoursForm({ mode, onSaved }: SettingsFormProps) {
  return (
    <div className="lk-stack">
      <Heading level={2} data-size="md">
        Åpningstider
      </Heading>
      {mode === 'wizard' && <Button onClick={() => onSaved?.()}>Lagre og gå videre</Button>}
    </div>
  );
}
