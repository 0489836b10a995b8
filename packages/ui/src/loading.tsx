import { useEffect, useState } from 'react';
import { Spinner } from '@digdir/designsystemet-react';

/** Spec 01 §9: loaders wait 200 ms, so a fast answer does not flash a spinner. */
export const LOADER_DELAY_MS = 200;

/** A labelled spinner that appears after a short delay; the label is what screen readers announce. */
export function Loading({ label = 'Laster …', delayMs = LOADER_DELAY_MS }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  return (
    <div className="lk-loading" role="status">
      {visible && <Spinner aria-label={label} data-size="lg" />}
    </div>
  );
}
