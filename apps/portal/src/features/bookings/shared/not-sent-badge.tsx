import { Tag } from '@digdir/designsystemet-react';

/** Decision 038: a held wedding whose form is not sent is not waiting for anybody: 'Ikke sendt'. */
export function NotSentBadge({ 'data-size': size }: { 'data-size'?: 'sm' | 'md' }) {
  return (
    <Tag data-color="warning" data-size={size} className="lk-status-badge">
      Ikke sendt
    </Tag>
  );
}
