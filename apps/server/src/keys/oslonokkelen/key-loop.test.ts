import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestDatabase } from '../../../test/test-db';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession } from '../../../test/factories/applicant';
import { KEY_JOB } from './register-key-access';

/** With the job runner on (as in production), a shared number gets its key with nobody asking. */
describe('the key job in the background', () => {
  let app: App;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    app = await buildApp({ config, database, logger: false, jobs: { pollMs: 50, intervalsMs: { [KEY_JOB]: 200 } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('moves a number to ACCEPTED within a few seconds, through PUSHED_BUT_STATUS_UNKNOWN', async () => {
    const db = database.db;
    const locationId = (await createLocation(db)).id;
    const room = (await createAsset(db, locationId, { hasOslonokkelen: true })).id;
    const kari = await citizenSession(app, testCitizens[0]!);
    const booking = await applicantBooking(db, {
      locationId,
      userId: kari.userId,
      status: 'APPROVED',
      times: [{ bookableAssetId: room, date: inDays(3), startTime: '18:00:00', durationMinutes: 60 }],
    });
    await kari.request({ method: 'POST', url: `/api/oslonokkelen/${booking.id}?phoneNumber=98765432` });

    const seen = new Set<string>();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const info = (await kari.request({ method: 'GET', url: `/api/oslonokkelen/${booking.id}/info` })).json<OslonokkelenInfo>();
      seen.add(info.oslonokkelenStatus ?? 'none');
      if (info.oslonokkelenStatus === 'ACCEPTED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen.has('PUSHED_BUT_STATUS_UNKNOWN')).toBe(true);
    expect(seen.has('ACCEPTED')).toBe(true);
  });
});
