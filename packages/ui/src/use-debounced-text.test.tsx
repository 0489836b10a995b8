import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDebouncedText } from './use-debounced-text';

function Field({ onChange }: { onChange: (text: string) => void }) {
  const [text, setText, flush] = useDebouncedText('', onChange, 10_000);
  return (
    <>
      <label htmlFor="t">Søk</label>
      <input id="t" value={text} onChange={(event) => setText(event.target.value)} onBlur={flush} />
      <a href="#resultat">Ammerud skole</a>
    </>
  );
}

describe('useDebouncedText', () => {
  it('hands the text over when the field is left, not later on top of what the person did next', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Søk'), 'Ammerud');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Ammerud');
    expect(screen.getByRole('link', { name: 'Ammerud skole' })).toHaveFocus();
    // Leaving again with the same text sends nothing new.
    await userEvent.click(screen.getByLabelText('Søk'));
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
