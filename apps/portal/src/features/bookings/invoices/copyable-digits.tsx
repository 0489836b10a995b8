import { Fragment, useState } from 'react';
import { Button } from '@digdir/designsystemet-react';

/**
 * A number to type into the bank (KID, account number): shown in groups for reading, copied as digits.
 * The groups are separate elements spaced by CSS, so selecting and copying the text gives the digits
 * alone too; the button copies them where the browser allows it (a secure page).
 */
export function CopyableDigits({ label, digits, groups }: { label: string; digits: string; groups: readonly string[] }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(digits);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <span className="lk-copyable">
      <span className="lk-digits">
        {groups.map((group, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span>{group}</span>
          </Fragment>
        ))}
      </span>
      {canCopy && (
        <Button type="button" variant="tertiary" data-size="sm" onClick={() => void copy()} aria-label={`Kopier ${label}`}>
          Kopier
        </Button>
      )}
      <span aria-live="polite" className={copied === 'yes' ? 'lk-muted' : undefined}>
        {copied === 'yes' && `${label.charAt(0).toUpperCase()}${label.slice(1)} er kopiert`}
        {copied === 'failed' && `Kunne ikke kopiere ${label}. Merk tallene og kopier dem selv.`}
      </span>
    </span>
  );
}
