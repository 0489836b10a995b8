import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { AuthenticatedUser } from './authenticated-user';
import { assertAdministers } from './guards';

const admin: AuthenticatedUser = {
  userId: 1, sub: 's', name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', clientId: 'lokaler-admin', adminLocationIds: [3, 7],
};

describe('assertAdministers', () => {
  it('lets an administrator through to their own location', () => {
    expect(() => assertAdministers(admin, 7)).not.toThrow();
  });

  it('answers 403 for another location, and for a citizen whatever the location', () => {
    for (const [user, locationId] of [[admin, 4], [{ ...admin, portal: 'PUBLIC' as const }, 7]] as const) {
      const error = (() => {
        try {
          assertAdministers(user, locationId);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });
});
