import type { UseMutationOptions } from '@tanstack/react-query';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { useToasts } from '@lokaler/ui/toasts';

/** Spec 02 §4 "Form wrapper behaviour": the default confirmation, shown for 3 seconds. */
export const SAVED_MESSAGE = 'Endringene ble lagret';

/**
 * A change to a booking, from its mutation factory (`…Mutation(id)` in packages/api-client, which
 * refreshes every admin view of bookings): on success the confirmation toast, then the factory's
 * refresh. A second submit while the first is on its way is not sent.
 */
export function useBookingChange<TResult, TVariables>(change: UseMutationOptions<TResult, Error, TVariables>, options: { successMessage?: string; onSuccess?: (result: TResult) => void } = {}) {
  const { showToast } = useToasts();
  return useGuardedMutation({
    ...change,
    onSuccess: async (result, variables, onMutateResult, context) => {
      showToast({ type: 'success', msg: options.successMessage ?? SAVED_MESSAGE });
      options.onSuccess?.(result);
      await change.onSuccess?.(result, variables, onMutateResult, context);
    },
  });
}
