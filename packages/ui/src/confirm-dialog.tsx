import { useId, type ReactNode } from 'react';
import { Alert, Button, Dialog, Heading, Paragraph } from '@digdir/designsystemet-react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question or what will happen. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot easily be undone (rejecting, deleting). */
  tone?: 'default' | 'danger';
  busy?: boolean;
  /** A failure of the confirmed action, shown in the dialog so the person can try again or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question with a confirm and a cancel button. Escape, the close button and 'Avbryt' cancel;
 * while the action runs the buttons are disabled so it is not sent twice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Avbryt',
  tone = 'default',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} closedby={busy ? 'none' : 'any'} aria-labelledby={titleId} closeButton="Lukk">
      <Dialog.Block>
        <Heading level={2} data-size="sm" id={titleId}>
          {title}
        </Heading>
        {typeof children === 'string' ? <Paragraph>{children}</Paragraph> : children}
        {error && (
          <Alert data-color="danger" role="alert">
            <Paragraph>{error}</Paragraph>
          </Alert>
        )}
      </Dialog.Block>
      <Dialog.Block style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--ds-size-3)' }}>
        <Button data-color={tone === 'danger' ? 'danger' : undefined} onClick={onConfirm} loading={busy} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </Dialog.Block>
    </Dialog>
  );
}
