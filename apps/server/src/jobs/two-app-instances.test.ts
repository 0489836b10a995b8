import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { LocalMailer } from '../integrations/mail/mailer';
import { enqueueMail } from '../integrations/mail/outbox';
import type { LocalKeyService } from '../integrations/key-service/local-key-service';
import { listShownPermissions, upsertPermission } from '../keys/oslonokkelen/repository';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { FakeClock } from '../../test/fake-clock';
import { inDays } from '../../test/factories/calendar';
import { createAsset, createLocation } from '../../test/factories/places';
import { applicantBooking } from '../../test/factories/applicant';

/**
 * Two server processes on one database, as in production behind a load balancer: each runs the job
 * runner (here tick by tick, on one fake clock) and its hooks at the same time, yet a message is
 * sent once and a key is pushed once.
 */
describe('two app instances on one database', () => {
  let database: Database;
  let clock: FakeClock;
  let apps: App[];

  beforeAll(async () => {
    database = await createTestDatabase();
    clock = new FakeClock(new Date());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    apps = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, database, logger: false, jobs: { run: false, clock } });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  beforeEach(() => truncateAll(database));

  /** Both instances at once: a scheduled tick and a direct run of the job in each. */
  const bothAtOnce = (direct: (app: App) => Promise<unknown>) =>
    Promise.all(apps.flatMap((app) => [app.jobs.tick(), direct(app), direct(app)]));

  it('sends every queued e-mail exactly once', async () => {
    const recipients = Array.from({ length: 45 }, (_, i) => `person${i}@example.no`);
    await database.db.transaction((tx) =>
      enqueueMail(
        tx,
        recipients.map((to) => ({ to, subject: 'Søknaden din er godkjent', text: 'Hei!', topic: { kind: 'test' } })),
      ),
    );
    const sent = () => apps.flatMap((app) => (app.mailer as LocalMailer).sent.map((m) => m.to));

    for (let round = 0; round < 10 && sent().length < recipients.length; round++) {
      await bothAtOnce((app) => app.flushMail());
      clock.advance(5000);
    }
    expect(sent().sort()).toEqual([...recipients].sort());
  });

  it('pushes every key grant exactly once', async () => {
    const db = database.db;
    const locationId = (await createLocation(db)).id;
    const room = (await createAsset(db, locationId, { hasOslonokkelen: true })).id;
    const booking = await applicantBooking(db, {
      locationId,
      userId: null,
      status: 'APPROVED',
      times: [{ bookableAssetId: room, date: inDays(3), startTime: '18:00:00', durationMinutes: 60 }],
    });
    const phones = Array.from({ length: 8 }, (_, i) => `9876543${i}`);
    await db.transaction(async (tx) => {
      for (const phone of phones) await upsertPermission(tx, booking.id, phone);
    });
    const pushes: string[] = [];
    for (const app of apps) {
      const service = app.keyService as LocalKeyService;
      const putGrant = service.putGrant.bind(service);
      service.putGrant = async (grantId, grant) => {
        pushes.push(grantId);
        await putGrant(grantId, grant);
      };
    }
    const statuses = async () => (await listShownPermissions(db, booking.id)).map((p) => p.oslonokkelenRequestStatus);

    for (let round = 0; round < 10 && !(await statuses()).every((s) => s === 'ACCEPTED'); round++) {
      await bothAtOnce((app) => app.runKeyJobs());
      clock.advance(2000);
      for (const app of apps) (app.keyService as LocalKeyService).advanceClock(3000);
    }
    expect(await statuses()).toEqual(phones.map(() => 'ACCEPTED'));
    expect(pushes).toHaveLength(phones.length);
    expect(new Set(pushes).size).toBe(phones.length);
  });
});
