import { Tag } from '@digdir/designsystemet-react';
import { oslonokkelenStatusText, type KeyStatusColour, type OslonokkelenRequestStatus } from '@lokaler/domain/oslonokkelen';

/** The spec's colours (spec 02 §4) as Designsystemet colours. */
export const keyStatusColors: Record<KeyStatusColour, 'info' | 'success' | 'warning' | 'danger' | 'neutral'> = {
  blue: 'info',
  green: 'success',
  yellow: 'warning',
  red: 'danger',
  neutral: 'neutral',
};

/** A phone number's key status as a coloured tag; nothing for DELETED (never shown). */
export function KeyStatusTag({
  status,
  bookingStatus,
  contractSigned,
}: {
  status: OslonokkelenRequestStatus;
  bookingStatus: string;
  contractSigned: boolean | null;
}) {
  if (status === 'DELETED') return null;
  const { text, colour } = oslonokkelenStatusText(status, { status: bookingStatus, contractSigned });
  return (
    <Tag data-color={keyStatusColors[colour]} data-size="sm">
      {text}
    </Tag>
  );
}
