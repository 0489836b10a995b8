import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBookingsKey } from '@lokaler/api-client/admin-bookings';
import { useToasts } from '@lokaler/ui/toasts';

/** Spec 02 §4 "Form wrapper behaviour": the default confirmation, shown for 3 seconds. */
export const SAVED_MESSAGE = 'Endringene ble lagret';

/**
 * A change to a booking: on success the confirmation toast, and every admin view of bookings (this
 * one, the lists, the calendar) is fetched again, so what the screen shows is what was stored.
 */
export function useBookingChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>, options: { successMessage?: string; onSuccess?: (result: TResult) => void } = {}) {
  const queryClient = useQueryClient();
  const { showToast } = useToasts();
  return useMutation({
    mutationFn: change,
    onSuccess: async (result) => {
      showToast({ type: 'success', msg: options.successMessage ?? SAVED_MESSAGE });
      options.onSuccess?.(result);
      await queryClient.invalidateQueries({ queryKey: adminBookingsKey });
    },
  });
}
