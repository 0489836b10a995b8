import { z } from 'zod';

/** The audit log of a location's settings (decision 015). */
export const locationAuditActions = [
  'LOCATION_CREATED',
  'LOCATION_INFO',
  'PREFERENCES',
  'BOOKING_RULES',
  'ABOUT_TEXTS',
  'TENANT_INFO',
  'OPENING_HOURS',
  'CLOSED_DATES_ADDED',
  'CLOSED_DATES_REMOVED',
  'ROOM_ADDED',
  'ROOM_CHANGED',
  'ROOM_DELETED',
  'ADMIN_ADDED',
  'ADMINS_REMOVED',
  'BLOCKED_TIMES',
  'PUBLISHED',
  'INVITATION_RESENT',
] as const;
export const locationAuditAction = z.enum(locationAuditActions);
export type LocationAuditAction = z.infer<typeof locationAuditAction>;

export const locationAuditActionLabels: Record<LocationAuditAction, string> = {
  LOCATION_CREATED: 'Lokalet ble opprettet',
  LOCATION_INFO: 'Informasjon om lokalet endret',
  PREFERENCES: 'Innstillinger endret',
  BOOKING_RULES: 'Regler endret',
  ABOUT_TEXTS: 'Om lån og leie endret',
  TENANT_INFO: 'Praktisk informasjon endret',
  OPENING_HOURS: 'Åpningstider endret',
  CLOSED_DATES_ADDED: 'Stengte datoer lagt til',
  CLOSED_DATES_REMOVED: 'Stengte datoer fjernet',
  ROOM_ADDED: 'Rom lagt til',
  ROOM_CHANGED: 'Rom endret',
  ROOM_DELETED: 'Rom slettet',
  ADMIN_ADDED: 'Administrator lagt til',
  ADMINS_REMOVED: 'Administrator fjernet',
  BLOCKED_TIMES: 'Blokkerte tider endret',
  PUBLISHED: 'Lokalet ble publisert',
  INVITATION_RESENT: 'Invitasjonen ble sendt på nytt',
};

export const locationAuditEntry = z.object({
  id: z.number().int(),
  atUtc: z.string(),
  actorName: z.string(),
  action: locationAuditAction,
  before: z.unknown(),
  after: z.unknown(),
});
export type LocationAuditEntry = z.infer<typeof locationAuditEntry>;

export const AUDIT_PAGE_SIZE = 50;
export const locationAuditQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const locationAuditPage = z.object({ entries: z.array(locationAuditEntry), hasMore: z.boolean() });
export type LocationAuditPage = z.infer<typeof locationAuditPage>;
