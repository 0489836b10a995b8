import type { UseMutationOptions } from '@tanstack/react-query';
import { adminBookingsKey } from '@lokaler/api-client/admin-bookings';
import { isNotFoundError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { useToasts } from '@lokaler/ui/toasts';

/** Spec 02 §4 "Form wrapper behaviour": the default confirmation, shown for 3 seconds. */
export const SAVED_MESSAGE = 'Endringene ble lagret';

/** Spec 02 §8 (admin): the toasts when the time to change is no longer there ('Ups, finner ikke …'). */
export const notFoundMessages = {
  reservation: 'Ups, finner ikke reservasjonen. Den kan være endret eller slettet av en annen.',
  changedTimes: 'Ups, finner ikke tidene du ville endre. De kan være endret eller slettet av en annen.',
} as const;

/**
 * A change to a booking, from its mutation factory (`…Mutation(id)` in packages/api-client, which
 * refreshes every admin view of bookings): on success the confirmation toast, then the factory's
 * refresh. A second submit while the first is on its way is not sent.
 */
export function useBookingChange<TResult, TVariables>(
  change: UseMutationOptions<TResult, Error, TVariables>,
  options: { successMessage?: string; onSuccess?: (result: TResult) => void; notFound?: { message: string; then: () => void } } = {},
) {
  const { showToast } = useToasts();
  return useGuardedMutation({
    ...change,
    onSuccess: async (result, variables, onMutateResult, context) => {
      showToast({ type: 'success', msg: options.successMessage ?? SAVED_MESSAGE });
      options.onSuccess?.(result);
      await change.onSuccess?.(result, variables, onMutateResult, context);
    },
    // A 404: what was to change is gone (another administrator, the applicant): say so, leave the
    // dialog, and show the booking as it is now.
    onError: async (error, variables, onMutateResult, context) => {
      await change.onError?.(error, variables, onMutateResult, context);
      if (!options.notFound || !isNotFoundError(error)) return;
      showToast({ type: 'danger', msg: options.notFound.message });
      options.notFound.then();
      await context.client.invalidateQueries({ queryKey: adminBookingsKey });
    },
  });
}
