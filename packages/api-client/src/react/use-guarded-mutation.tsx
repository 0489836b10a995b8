import { useCallback, useRef } from 'react';
import { useMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/** What a screen does after its factory's own callbacks (which keep the cache right): toasts, navigation. */
export type ScreenReactions<TData, TError, TVariables, TOnMutateResult> = Pick<
  UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  'onSuccess' | 'onError'
>;

/**
 * useMutation for a write, except that a call while this hook's previous one is still running sends
 * nothing: `mutate` is ignored, `mutateAsync` answers with the running call's promise. A button is
 * disabled only after React renders `isPending`; a second click (or a form's second submit, or an
 * effect that runs twice) can come before that, and TanStack Query would send it. The running call
 * is kept in a ref, set in the same tick as the first call, so the second never reaches the server.
 * Every write of both apps goes through this with its factory's options (`…Mutation()`, in the
 * endpoint's file beside its query factories) and the screen's reactions.
 */
export function useGuardedMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  reactions: ScreenReactions<TData, TError, TVariables, TOnMutateResult> = {},
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const mutation = useMutation({
    ...options,
    onSuccess: async (...succeeded) => {
      await options.onSuccess?.(...succeeded);
      await reactions.onSuccess?.(...succeeded);
    },
    onError: async (...failed) => {
      await options.onError?.(...failed);
      await reactions.onError?.(...failed);
    },
  });
  const inFlight = useRef<Promise<TData> | null>(null);
  const { mutateAsync: run } = mutation;
  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TOnMutateResult>): Promise<TData> => {
      // A second call joins the first: same answer, nothing sent, its own callbacks not run.
      if (inFlight.current) return inFlight.current;
      const running = run(variables, callOptions).finally(() => {
        // Settles even when the component unmounts or the mutation is reset.
        inFlight.current = null;
      });
      inFlight.current = running;
      return running;
    },
    [run],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TOnMutateResult>) => {
      // As useMutation's mutate: the error is in the result (and the callbacks), not a rejection.
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TOnMutateResult>;
}
