import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ApiError } from '@lokaler/domain/api-error';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';
import { settings, supportInquiries } from '../../db/schema/settings';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createLocation } from '../../../test/factories/places';
import { SUPPORT_RATE_LIMIT } from './routes';
import { CENTRAL_SUPPORT_ADDRESS } from './send-support-inquiry';

describe('POST /api/support', () => {
  let ctx: TestContext;
  let school: number;
  let noAddress: number;
  let deleted: number;
  let client = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await db.insert(settings).values({ name: 'CONTACT_US', value: 'ENABLED' });
    school = (await createLocation(db, { name: 'Sagene skole', contactEmail: 'sagene.skole@oslo.kommune.no' })).id;
    noAddress = (await createLocation(db, { name: 'Torshov bibliotek', contactEmail: null })).id;
    deleted = (await createLocation(db, { status: 'DELETED', contactEmail: 'gone@oslo.kommune.no' })).id;
  });
  afterAll(() => ctx.close());

  /** Each call comes from its own client address unless told, so the rate limit only bites where tested. */
  const send = (payload: unknown, ip = `10.0.0.${++client}`) =>
    ctx.app.inject({ method: 'POST', url: '/api/support', remoteAddress: ip, payload: payload as object });
  const stored = async () =>
    (
      await queryRows<{ i: number; m: number }>(
        ctx.database.db,
        sql`
    select (select count(*)::int from support_inquiries) as i, (select count(*)::int from mail_outbox) as m`,
      )
    )[0]!;

  it("stores a LOCATION inquiry, trimmed, and queues it for the location's address in the same transaction", async () => {
    const res = await send({
      category: 'LOCATION',
      userEmail: '  ola@example.no ',
      message: '  Har gymsalen ribbevegg?  ',
      locationId: school,
      referringPage: 'https://lokaler.oslo.kommune.no/sted/1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await ctx.database.db.select().from(supportInquiries).where(eq(supportInquiries.id, id));
    // The referring page is kept only for TECHNICAL and OTHER.
    expect(row).toMatchObject({
      category: 'LOCATION',
      userEmail: 'ola@example.no',
      message: 'Har gymsalen ribbevegg?',
      locationId: school,
    });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.topic} ->> 'inquiryId' = ${String(id)}`);
    expect(mail).toMatchObject({
      recipient: 'sagene.skole@oslo.kommune.no',
      subject: 'Henvendelse fra Lokaler: Spørsmål om et lokale (Sagene skole)',
      topic: { kind: 'support-inquiry', inquiryId: id },
    });
    expect(mail!.body).toContain('Svar til: ola@example.no');
    await ctx.app.flushMail();
    expect((ctx.app.mailer as unknown as { sent: Array<{ to: string }> }).sent.map((m) => m.to)).toContain('sagene.skole@oslo.kommune.no');
  });

  it('takes an address with æøå in the name and the domain, and gives it to support as written', async () => {
    const res = await send({ category: 'OTHER', userEmail: ' kåre.ødegård@blåbær.no ', message: 'Hei' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(supportInquiries).where(eq(supportInquiries.id, res.json<{ id: number }>().id));
    expect(row!.userEmail).toBe('kåre.ødegård@blåbær.no');
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.topic} ->> 'inquiryId' = ${String(row!.id)}`);
    expect(mail!.body).toContain('Svar til: kåre.ødegård@blåbær.no');
  });

  it('appends the referring page for TECHNICAL and OTHER and sends them to central support', async () => {
    for (const category of ['TECHNICAL', 'OTHER'] as const) {
      const res = await send({
        category,
        userEmail: 'kari@example.no',
        message: 'Kalenderen laster ikke',
        referringPage: ' /ressurs?ids=3 ',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await ctx.database.db.select().from(supportInquiries).where(eq(supportInquiries.id, res.json<{ id: number }>().id));
      expect(row).toMatchObject({ category, message: 'Kalenderen laster ikke\n\nReferring page: /ressurs?ids=3', locationId: null });
      const [mail] = await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.topic} ->> 'inquiryId' = ${String(row!.id)}`);
      expect(mail!.recipient).toBe(CENTRAL_SUPPORT_ADDRESS);
    }
  });

  it('sends a BOOKING inquiry for a location without an address to central support', async () => {
    const res = await send({
      category: 'BOOKING',
      userEmail: 'kari@example.no',
      message: 'Når får jeg svar?',
      locationId: String(noAddress),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.topic} ->> 'inquiryId' = ${String(res.json<{ id: number }>().id)}`);
    expect(mail).toMatchObject({
      recipient: CENTRAL_SUPPORT_ADDRESS,
      subject: 'Henvendelse fra Lokaler: Spørsmål om en booking (Torshov bibliotek)',
    });
  });

  it("refuses a form with the spec's messages on each field, storing nothing", async () => {
    const before = await stored();
    const fieldsOf = async (payload: unknown) => {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>()).toMatchObject({ code: 'VALIDATION', userMsg: expect.any(String) });
      return res.json<ApiError>().fields;
    };
    expect(await fieldsOf({ category: '', userEmail: ' ', message: '   ' })).toEqual([
      { path: 'body.category', message: 'Velg et alternativ' },
      { path: 'body.userEmail', message: 'Feltet er påkrevd' },
      { path: 'body.message', message: 'Feltet er påkrevd' },
    ]);
    for (const userEmail of ['ola@', 'ola@blåbær', 'kåre ødegård@example.no']) {
      expect(await fieldsOf({ category: 'OTHER', userEmail, message: 'Hei' })).toEqual([
        { path: 'body.userEmail', message: 'Vennligst skriv inn en gyldig e-postadresse' },
      ]);
    }
    for (const category of ['LOCATION', 'BOOKING']) {
      expect(await fieldsOf({ category, userEmail: 'ola@example.no', message: 'Hei', locationId: '' })).toEqual([
        { path: 'body.locationId', message: 'Feltet er påkrevd' },
      ]);
    }
    expect(await fieldsOf({ category: 'SOMETHING', userEmail: 'ola@example.no', message: 'Hei' })).toEqual([
      { path: 'body.category', message: 'Velg et alternativ' },
    ]);
    for (const locationId of [999_999, deleted]) {
      expect(await fieldsOf({ category: 'LOCATION', userEmail: 'ola@example.no', message: 'Hei', locationId })).toEqual([
        { path: 'body.locationId', message: 'Velg et lokale' },
      ]);
    }
    expect(await stored()).toEqual(before);
  });

  it('is off (404) while CONTACT_US is not ENABLED', async () => {
    await ctx.database.db.update(settings).set({ value: 'DISABLED' }).where(eq(settings.name, 'CONTACT_US'));
    try {
      const before = await stored();
      const res = await send({ category: 'OTHER', userEmail: 'ola@example.no', message: 'Hei' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', userMsg: 'Kontaktskjemaet er ikke tilgjengelig.' });
      expect(await stored()).toEqual(before);
    } finally {
      await ctx.database.db.update(settings).set({ value: 'ENABLED' }).where(eq(settings.name, 'CONTACT_US'));
    }
  });

  it(`limits a client to ${SUPPORT_RATE_LIMIT} inquiries per 10 minutes, others are not affected`, async () => {
    const inquiry = { category: 'OTHER', userEmail: 'spam@example.no', message: 'Hei' };
    for (let i = 0; i < SUPPORT_RATE_LIMIT; i++) expect((await send(inquiry, '192.0.2.7')).statusCode).toBe(201);
    const before = await stored();
    const limited = await send(inquiry, '192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', userMsg: 'For mange forespørsler. Vent litt og prøv igjen.' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await stored()).toEqual(before);
    expect((await send(inquiry, '192.0.2.8')).statusCode).toBe(201);
  });
});
