import { Alert, Paragraph } from '@digdir/designsystemet-react';
import { loadFailureMessage } from '@lokaler/api-client/user-message';

/** Spec 02 §8 "Data loading": 'Feil ved henting av data' and the server's message. */
export function LoadAlert({ error }: { error: unknown }) {
  const { title, detail } = loadFailureMessage(error);
  return (
    <Alert data-color="danger">
      <Paragraph>{title}</Paragraph>
      <Paragraph>{detail}</Paragraph>
    </Alert>
  );
}
