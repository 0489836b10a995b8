import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useAnswerInTransition } from './answer-in-transition';

function Rooms({ answer, seen }: { answer: string[] | undefined; seen: (string[] | undefined)[] }) {
  const shown = useAnswerInTransition(answer);
  seen.push(shown);
  return (
    <ul>
      {shown?.map((room) => (
        <li key={room}>{room}</li>
      ))}
    </ul>
  );
}

describe('useAnswerInTransition', () => {
  it('renders a new answer in a render of its own after the one the answer arrived in (decision 050)', async () => {
    const seen: (string[] | undefined)[] = [];
    const { rerender, getAllByRole } = render(<Rooms answer={undefined} seen={seen} />);
    const answer = ['Gymsal', 'Aula'];
    await act(async () => rerender(<Rooms answer={answer} seen={seen} />));
    // The urgent render (as a store's update is rendered) still shows the previous answer; the list
    // with the new one comes in the deferred render, which React splits into short tasks.
    expect(seen).toEqual([undefined, undefined, answer]);
    expect(getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gymsal', 'Aula']);
  });

  it('shows an answer that is there from the start in the first render', () => {
    const seen: (string[] | undefined)[] = [];
    const answer = ['Gymsal'];
    render(<Rooms answer={answer} seen={seen} />);
    expect(seen).toEqual([answer]);
  });
});
