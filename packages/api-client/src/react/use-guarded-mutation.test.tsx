import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useGuardedMutation } from './use-guarded-mutation';

afterEach(cleanup);

function setup() {
  const sent: string[] = [];
  let answer: (value: string) => void = () => {};
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () =>
      useGuardedMutation({
        mutationKey: ['test', 'write'],
        mutationFn: (value: string) => {
          sent.push(value);
          return new Promise<string>((resolve) => (answer = resolve));
        },
      }),
    { wrapper },
  );
  return { sent, hook, answer: (value: string) => answer(value) };
}

describe('useGuardedMutation', () => {
  it('sends once when mutate is called twice before React renders isPending, and again after the answer', async () => {
    const { sent, hook, answer } = setup();
    act(() => {
      hook.result.current.mutate('first');
      hook.result.current.mutate('second');
    });
    await waitFor(() => expect(sent).toEqual(['first']));
    await act(async () => answer('ok'));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    act(() => hook.result.current.mutate('third'));
    await waitFor(() => expect(sent).toEqual(['first', 'third']));
  });

  it("gives a second mutateAsync the running call's answer", async () => {
    const { sent, hook, answer } = setup();
    let first: Promise<string> = Promise.resolve('');
    let second: Promise<string> = Promise.resolve('');
    act(() => {
      first = hook.result.current.mutateAsync('a');
      second = hook.result.current.mutateAsync('b');
    });
    await waitFor(() => expect(sent).toEqual(['a']));
    await act(async () => answer('stored'));
    await expect(first).resolves.toBe('stored');
    await expect(second).resolves.toBe('stored');
    expect(sent).toEqual(['a']);
  });
});
