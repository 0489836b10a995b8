import { useCallback, useRef } from 'react';
import { useMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * useMutation for a write, except that a call while this hook's previous one is still running sends
 * nothing: `mutate` is ignored, `mutateAsync` answers with the running call's promise. A button is
 * disabled only after React renders `isPending`; a second click (or a form's second submit, or an
 * effect that runs twice) can come before that, and TanStack Query would send it. The running call
 * is kept in a ref, set in the same tick as the first call, so the second never reaches the server.
 * Every write of both apps goes through this with its factory's options (`…Mutation()`).
 */
export function useGuardedMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const mutation = useMutation(options);
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
