import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { checkAdminAvailability } from '@lokaler/api-client/admin-booking-create';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { refusedTimes, timesToBook, toAvailabilityRequest, type TimeChoice } from './time-choice';

/**
 * Check the chosen times with the admin availability check (which also expands a weekly series),
 * then save them with `save`. Refused times stop before anything is posted; a 409 from the save
 * comes back as the mutation's error.
 */
export function useCheckedSave<TResult>(save: (times: AssetTimesToBook[], choice: TimeChoice) => Promise<TResult>, onSaved: (result: TResult) => void | Promise<void>) {
  const [refused, setRefused] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: async (choice: TimeChoice) => {
      setRefused([]);
      const answer = await checkAdminAvailability(toAvailabilityRequest(choice));
      const times = timesToBook(answer);
      if (!times) {
        const lines = refusedTimes(answer);
        setRefused(lines.length > 0 ? lines : ['Ingen av tidene kan bookes']);
        return null;
      }
      return { result: await save(times, choice) };
    },
    onSuccess: async (outcome) => {
      if (outcome) await onSaved(outcome.result);
    },
  });
  return { ...mutation, refused };
}
