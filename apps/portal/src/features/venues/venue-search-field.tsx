import { useEffect, useState } from 'react';
import { Textfield } from '@digdir/designsystemet-react';

/** Typing waits this long before the URL (and so the list) follows (spec 01 §5 uses 250 ms for free text). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The search box: the text is the input's own state while typing and reaches the URL after a
 * pause. When the URL's text changes from elsewhere (Back, a link) the box shows it.
 */
export function VenueSearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  // The last text sent to the URL, and the URL's text as last seen: an echo of our own change is not news.
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
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, onSearch]);

  return (
    <div role="search">
      <Textfield
        label="Søk"
        type="search"
        placeholder="Søk etter lokale"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
