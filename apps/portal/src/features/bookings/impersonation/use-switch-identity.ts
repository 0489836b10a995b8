import { impersonateMutation } from '@lokaler/api-client/impersonation';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { leavePage } from '@lokaler/ui/leave-page';
import { paths } from '../../../config/paths';

/**
 * POST /api/user/impersonation, then /bookinger loaded afresh (spec 01 §6): every cached answer
 * belonged to the previous identity, and a full load drops them all.
 */
export function useSwitchIdentity() {
  const mutation = useGuardedMutation(impersonateMutation(), { onSuccess: () => leavePage(paths.bookings.getHref()) });
  return { ...mutation, errorText: mutation.error ? userMessageOf(mutation.error) : undefined };
}
