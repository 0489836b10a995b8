import { Textfield } from '@digdir/designsystemet-react';
import { useDebouncedText } from '@lokaler/ui/use-debounced-text';

/** The free-text filter of the search results: reaches the URL (and so the list) 250 ms after typing stops. */
export function FilterTextField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText, flush] = useDebouncedText(value, onChange);
  return (
    <Textfield
      label="Søk i resultatene"
      description="Navn på rom, sted eller bydel"
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={flush}
      autoComplete="off"
    />
  );
}
