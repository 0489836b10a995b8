import { useEffect, useState } from 'react';
import { Textfield } from '@digdir/designsystemet-react';

/** Spec 01 §5: the free-text filter is debounced by 250 ms. */
export const FILTER_DEBOUNCE_MS = 250;

/**
 * The free-text filter: the text is the input's own state while typing and reaches the URL (and so
 * the list) after a pause. When the URL's text changes from elsewhere (Back, 'Nullstill filtre') the
 * field shows it.
 */
export function FilterTextField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  // The last text sent, and the URL's text as last seen: an echo of our own change is not news.
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent.trim()) {
      setText(value);
      setSent(value);
    }
  }

  useEffect(() => {
    if (text === sent) return;
    const timer = setTimeout(() => {
      setSent(text);
      onChange(text);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, onChange]);

  return (
    <Textfield
      label="Søk i resultatene"
      description="Navn på rom, sted eller bydel"
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      autoComplete="off"
    />
  );
}
