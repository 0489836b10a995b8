import { z } from 'zod';

export const portalType = z.enum(['PUBLIC', 'ADMIN']);
export type PortalType = z.infer<typeof portalType>;

/** GET /api/currentuser/roles: what the server knows about the caller. */
export const currentUserRoles = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  portal: portalType,
  /** 'PUBLIC' for citizens; 'ADMIN' when the person administers at least one location; 'CITY_ADMIN' city-wide (decision 015). */
  roles: z.array(z.enum(['PUBLIC', 'ADMIN', 'CITY_ADMIN'])),
});
export type CurrentUserRoles = z.infer<typeof currentUserRoles>;

/** GET /api/currentuser/adminlocations */
export const adminLocation = z.object({ id: z.number().int(), name: z.string() });
export const adminLocations = z.array(adminLocation);
export type AdminLocation = z.infer<typeof adminLocation>;
