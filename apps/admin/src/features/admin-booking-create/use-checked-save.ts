import { useState } from 'react';
import type { MutationFunctionContext, UseMutationOptions } from '@tanstack/react-query';
import { checkAdminAvailability } from '@lokaler/api-client/admin-booking-create';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { refusedTimes, timesToBook, toAvailabilityRequest, type TimeChoice } from './time-choice';

/**
 * Check the chosen times with the admin availability check (which also expands a weekly series),
 * then save them with the write's mutation factory (`save`: its key, its call, its refresh), the body
 * made by `toBody`. Refused times stop before anything is posted; a 409 from the save comes back as
 * the mutation's error. A second submit while the first is on its way is not sent.
 */
export function useCheckedSave<TChoice extends TimeChoice, TBody, TResult>(
  save: UseMutationOptions<TResult, Error, TBody>,
  toBody: (times: AssetTimesToBook[], choice: TChoice) => TBody,
  onSaved: (result: TResult) => void | Promise<void>,
) {
  const [refused, setRefused] = useState<string[]>([]);
  const mutation = useGuardedMutation({
    ...(save.mutationKey ? { mutationKey: save.mutationKey } : {}),
    mutationFn: async (choice: TChoice, context: MutationFunctionContext) => {
      setRefused([]);
      const answer = await checkAdminAvailability(toAvailabilityRequest(choice));
      const times = timesToBook(answer);
      if (!times) {
        const lines = refusedTimes(answer);
        setRefused(lines.length > 0 ? lines : ['Ingen av tidene kan bookes']);
        return null;
      }
      const body = toBody(times, choice);
      if (!save.mutationFn) throw new Error('The save has no mutationFn');
      return { body, result: await save.mutationFn(body, context) };
    },
    onSuccess: async (outcome, _choice, onMutateResult, context) => {
      if (!outcome) return;
      await save.onSuccess?.(outcome.result, outcome.body, onMutateResult, context);
      await onSaved(outcome.result);
    },
  });
  return { ...mutation, refused };
}
