import { useEffect, useState } from 'react';

/** Spec 01 §5: free text is debounced by 250 ms before a list follows it. */
export const TEXT_DEBOUNCE_MS = 250;

/**
 * A text field's own state while the person types, handed to `onChange` after a pause (the URL, and
 * so the list, follows), or at once when the field is left (the third element, for `onBlur`): a
 * person who types and then follows a result never has a late change land on top of that link.
 * When `value` changes from elsewhere (Back, a link, 'Nullstill filtre') the field shows it; an echo
 * of our own change is not news.
 */
export function useDebouncedText(
  value: string,
  onChange: (text: string) => void,
  delayMs: number = TEXT_DEBOUNCE_MS,
): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(value);
  // The last text sent, and the outside value as last seen.
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
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, sent, onChange, delayMs]);

  const flush = () => {
    if (text === sent) return;
    setSent(text);
    onChange(text);
  };

  return [text, setText, flush];
}
