import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { addFlow, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { archiveOutbox } from '../../db/schema/archive-outbox';
import { testCitizens } from '../../seed/test-users';

/**
 * Decision 056 through the real routes: a citizen's application queues the case's first journal post
 * in its own transaction, and an application the server refuses queues nothing.
 */
describe('the archive is told of an application sent through POST /api/booking', () => {
  let ctx: TestContext;
  let folder: string;
  let room: number;
  let kari: CitizenSession;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-archive-wiring-'));
    ctx = await createTestApp({ LOCAL_ARCHIVE_DIR: folder });
    const db = ctx.database.db;
    const flow = await addFlow(db, 'default');
    const location = await createLocation(db, { name: 'Grünerløkka samfunnshus' });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    room = (await createAsset(db, location.id, { name: 'Storsalen', bookingFlowId: flow.id })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const apply = (date: string) =>
    kari.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: {
          probablyAvailable: [
            { bookableAssetId: room, datesAndTimes: [{ date, startTime: '18:00:00', duration: 'PT2H', initialRepetitionDate: null }] },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: {
          activity: 'Korøvelse',
          purpose: 'Øving',
          participants: 12,
          contactEmail: 'kari.nordmann@example.no',
          contactPhone: '41234567',
          message: '',
        },
      },
    });
  const queued = () => ctx.database.db.select().from(archiveOutbox).orderBy(archiveOutbox.id);

  it('queues one application post for the booking; the same time applied for again is refused and queues nothing', async () => {
    const date = inDays(40);
    const sent = await apply(date);
    expect(sent.statusCode, sent.body).toBe(201);
    const { bookingId } = sent.json<{ bookingId: number }>();
    const rows = await queued();
    expect(rows.map((r) => ({ bookingId: r.bookingId, kind: r.kind, createsCase: r.createsCase }))).toEqual([
      { bookingId, kind: 'application', createsCase: true },
    ]);

    const again = await apply(date);
    expect(again.statusCode).toBe(409);
    expect(await queued()).toHaveLength(1);
    expect(await ctx.database.db.select().from(archiveOutbox).where(eq(archiveOutbox.bookingId, bookingId))).toHaveLength(1);
  });
});
