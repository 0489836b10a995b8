import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { freeSlotAlert, freeSlotAlertList, freeSlotAlertUnsubscribed, type FreeSlotAlertFields } from '@lokaler/domain/free-slot-alert';
import { apiFetch } from './api-fetch';

/** The person's free-time alerts (decision 022): every key under ['user', sub, 'free-slot-alerts']. */
export const freeSlotAlertsKey = (sub: string) => ['user', sub, 'free-slot-alerts'] as const;

/** GET /api/user/free-slot-alerts. */
export const freeSlotAlertsQuery = (sub: string) =>
  queryOptions({
    queryKey: freeSlotAlertsKey(sub),
    queryFn: ({ signal }) => apiFetch('/api/user/free-slot-alerts', { schema: freeSlotAlertList, signal }),
  });

/** POST /api/user/free-slot-alerts: 'Varsle meg når en tid blir ledig'. */
export const createFreeSlotAlertMutation = (sub: string) =>
  mutationOptions({
    mutationKey: [...freeSlotAlertsKey(sub), 'create'],
    mutationFn: (body: FreeSlotAlertFields) => apiFetch('/api/user/free-slot-alerts', { method: 'POST', body, schema: freeSlotAlert }),
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: freeSlotAlertsKey(sub) }),
  });

/** DELETE /api/user/free-slot-alerts/{id}: ends the alert (again: no change). */
export const endFreeSlotAlertMutation = (sub: string) =>
  mutationOptions({
    mutationKey: [...freeSlotAlertsKey(sub), 'end'],
    mutationFn: async (id: number) => {
      await apiFetch(`/api/user/free-slot-alerts/${id}`, { method: 'DELETE' });
    },
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: freeSlotAlertsKey(sub) }),
  });

/** POST /api/free-slot-alerts/unsubscribe: the e-mail's one-click link, without a login (signed token). */
export function unsubscribeFreeSlotAlert(alertId: string, token: string): Promise<{ ended: true; userMsg: string }> {
  return apiFetch('/api/free-slot-alerts/unsubscribe', {
    method: 'POST',
    query: { varsel: alertId, token },
    authenticated: false,
    schema: freeSlotAlertUnsubscribed,
  });
}
