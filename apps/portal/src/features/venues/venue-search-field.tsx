import { Textfield } from '@digdir/designsystemet-react';
import { useDebouncedText } from '@lokaler/ui/use-debounced-text';

/** The venue list's search box: reaches the URL (and so the list) 250 ms after typing stops. */
export function VenueSearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText, flush] = useDebouncedText(value, onSearch);
  return (
    <div role="search">
      <Textfield
        label="Søk"
        type="search"
        placeholder="Søk etter lokale"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={flush}
        autoComplete="off"
      />
    </div>
  );
}
