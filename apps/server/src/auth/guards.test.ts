import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { AuthenticatedUser } from './authenticated-user';
import { assertAdministers, assertManagesLocation } from './guards';

const admin: AuthenticatedUser = {
  userId: 1,
  sub: 's',
  name: 'Siri Saksbehandler',
  email: 'siri@oslo.kommune.no',
  portal: 'ADMIN',
  clientId: 'lokaler-admin',
  adminLocationIds: [3, 7],
  cityAdmin: false,
};

describe('assertAdministers', () => {
  it('lets an administrator through to their own location', () => {
    expect(() => assertAdministers(admin, 7)).not.toThrow();
  });

  it('answers 403 for another location, and for a citizen whatever the location', () => {
    for (const [user, locationId] of [
      [admin, 4],
      [{ ...admin, portal: 'PUBLIC' as const }, 7],
    ] as const) {
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

describe('assertManagesLocation', () => {
  const status = (fn: () => void) => {
    try {
      fn();
      return 200;
    } catch (e) {
      return (e as AppError).status;
    }
  };

  it("lets a location's administrator and a city-wide administrator change its settings, nobody else", () => {
    const city = { ...admin, adminLocationIds: [], cityAdmin: true };
    expect(status(() => assertManagesLocation(admin, 7))).toBe(200);
    expect(status(() => assertManagesLocation(admin, 4))).toBe(403);
    expect(status(() => assertManagesLocation(city, 4))).toBe(200);
    // A citizen's token never manages a location, whatever the flag says.
    expect(status(() => assertManagesLocation({ ...city, portal: 'PUBLIC' }, 4))).toBe(403);
  });
});
