import { useState } from 'react';
import { Alert, Button, Checkbox, Heading, Paragraph } from '@digdir/designsystemet-react';
import { contractMessages } from '@lokaler/domain/contract';

export const confirmationLabel = 'Jeg bekrefter at jeg har lest og forstått alle vilkårene i kontrakten.';

export interface SignPanelProps {
  /** The person has scrolled to within 100 px of the end of the contract. */
  readToEnd: boolean;
  signing: boolean;
  error?: string;
  onSign: () => void;
}

/**
 * Spec 02 §4/§5: the sign dialog at the bottom of the contract. Signing opens only when the whole
 * contract has been seen and the confirmation is ticked.
 */
export function SignPanel({ readToEnd, signing, error, onSign }: SignPanelProps) {
  const [confirmed, setConfirmed] = useState(false);
  const canSign = readToEnd && confirmed && !signing;

  return (
    <section className="lk-sign-panel" aria-labelledby="lk-sign-title">
      <Heading level={2} data-size="sm" id="lk-sign-title">
        Signer kontrakten
      </Heading>
      {!readToEnd && (
        <Paragraph id="lk-sign-hint" role="status">
          {contractMessages.mustReadAll}
        </Paragraph>
      )}
      <Checkbox label={confirmationLabel} checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
      {error && (
        <Alert data-color="danger" role="alert">
          {error}
        </Alert>
      )}
      <div>
        <Button onClick={onSign} disabled={!canSign} loading={signing} aria-describedby={readToEnd ? undefined : 'lk-sign-hint'}>
          Signer kontrakten
        </Button>
      </div>
    </section>
  );
}
