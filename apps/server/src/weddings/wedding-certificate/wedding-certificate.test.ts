import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PROEVINGSATTEST_MAX_BYTES,
  PROEVINGSATTEST_REQUEST_MAX_BYTES,
  invalidDataUrlMessage,
  noCertificateOnFileMessage,
  onlyPdfMessage,
  tooLargeMessage,
} from '@lokaler/domain/wedding-certificate';
import type { ApiError } from '@lokaler/domain/api-error';
import { PDF_MAX_PAGES, pdfRefusalMessages } from '@lokaler/domain/pdf-upload';
import { bookingNotFoundMessage } from '@lokaler/domain/user-booking-rules';
import type { WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import { queryRows } from '../../db/client';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import {
  embeddedFilePdf,
  encryptedPdf,
  escapedJavaScriptPdf,
  launchActionPdf,
  normalPdf,
  openActionJavaScriptPdf,
  zipBombPdf,
} from '../../../test/factories/pdf';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('the prøvingsattest: GET /api/user/form/wedding/{id}, PUT /api/user/form/wedding/{id}/proevingsattest', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let per: CitizenSession;
  let locationId: number;
  let hall: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Oslo rådhus' })).id;
    hall = (await createAsset(db, locationId, { name: 'Vigselsrommet' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    per = await citizenSession(ctx.app, testCitizens[3]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, requirements, change_log, wedding_forms restart identity cascade`);
  });

  const booking = (sourceForm: 'wedding' | 'default' = 'wedding') =>
    applicantBooking(ctx.database.db, {
      locationId,
      userId: kari.userId,
      sourceForm,
      requirements: sourceForm === 'wedding' ? [{ type: 'WEDDING_CERTIFICATE' }] : [],
      times: [{ bookableAssetId: hall, date: inDays(40), startTime: '12:00:00', durationMinutes: 30 }],
    });
  const upload = (id: number, file: unknown, who = kari) =>
    who.request({ method: 'PUT', url: `/api/user/form/wedding/${id}/proevingsattest`, payload: { proevingsattestFile: file } });
  const read = (id: number, who = kari) => who.request({ method: 'GET', url: `/api/user/form/wedding/${id}` });
  const asFile = (bytes: Buffer, contentType = 'application/pdf', filename = 'attest.pdf') => ({
    bytes: bytes.toString('base64'),
    contentType,
    filename,
    size: bytes.length,
  });
  const state = async () =>
    (
      await queryRows<{ files: string | null; requirements: string | null; log: string | null }>(
        ctx.database.db,
        sql`select
    (select string_agg(booking_id || ':' || proevingsattest_filename || ':' || proevingsattest_size, ',') from wedding_forms) as files,
    (select string_agg(type || ':' || is_fulfilled || ':' || coalesce(fulfilled_by_name, '-'), ',' order by id) from requirements) as requirements,
    (select string_agg(type::text, ',' order by id) from change_log) as log`,
      )
    )[0]!;

  it('the owner uploads a PDF: the read model names it, the requirement is fulfilled and the change is logged', async () => {
    const b = await booking();
    expect((await read(b.id)).json<WeddingFormResponse>()).toEqual({
      bookingId: b.id,
      submittedAtUtc: null,
      answers: null,
      proevingsattestFile: null,
      proevingsattestFileAddedTimeUtc: null,
    });

    const res = await upload(b.id, asFile(pdf));
    expect(res.statusCode).toBe(200);
    const body = res.json<WeddingFormResponse>();
    expect(body.proevingsattestFile).toEqual({ filename: 'attest.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(Date.parse(body.proevingsattestFileAddedTimeUtc!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await read(b.id)).json()).toEqual(body);
    expect(await state()).toEqual({
      files: `${b.id}:attest.pdf:${pdf.length}`,
      requirements: 'WEDDING_CERTIFICATE:true:Kari Nordmann',
      log: 'Comment,WEDDING_CERTIFICATE',
    });
    const [stored] = await queryRows<{ bytes: Buffer | Uint8Array }>(
      ctx.database.db,
      sql`select proevingsattest_bytes as bytes from wedding_forms`,
    );
    expect(Buffer.from(stored!.bytes).equals(pdf)).toBe(true);
  });

  it('accepts the data URL form of spec §5 and replaces an earlier file', async () => {
    const b = await booking();
    await upload(b.id, asFile(pdf, 'application/pdf', 'first.pdf'));
    const res = await upload(b.id, `data:application/pdf;name=file;base64,${pdf.toString('base64')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<WeddingFormResponse>().proevingsattestFile).toEqual({
      filename: 'provingsattest.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect((await state()).files).toBe(`${b.id}:provingsattest.pdf:${pdf.length}`);
  });

  it('another citizen gets the same 404 as a missing booking, and changes nothing', async () => {
    const b = await booking();
    const missing = await upload(999_999, asFile(pdf), per);
    const foreign = await upload(b.id, asFile(pdf), per);
    expect(missing.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await read(b.id, per)).statusCode).toBe(404);
    expect(await state()).toEqual({ files: null, requirements: 'WEDDING_CERTIFICATE:false:-', log: 'Comment' });
  });

  it('refuses a non-PDF, a file that only claims to be a PDF, a too large file and a bad data URL with the spec messages — changing nothing', async () => {
    const b = await booking();
    const cases: [unknown, string][] = [
      [asFile(Buffer.from('hello'), 'text/plain', 'notes.txt'), onlyPdfMessage],
      [asFile(Buffer.from('GIF89a not a pdf'), 'application/pdf', 'fake.pdf'), onlyPdfMessage],
      [`data:image/png;name=file;base64,${pdf.toString('base64')}`, onlyPdfMessage],
      [asFile(Buffer.concat([pdf, Buffer.alloc(PROEVINGSATTEST_MAX_BYTES)])), tooLargeMessage],
      [asFile(Buffer.concat([pdf, Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + 1 - pdf.length)])), tooLargeMessage],
      [
        `data:application/pdf;name=file;base64,${Buffer.concat([pdf, Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + 1 - pdf.length)]).toString('base64')}`,
        tooLargeMessage,
      ],
      [asFile(Buffer.from('just some text'), 'application/pdf', 'notes.pdf'), onlyPdfMessage],
      ['data:application/pdf;name=file;base64,JVBERi0x!!', invalidDataUrlMessage],
      [{ bytes: '%%%', contentType: 'application/pdf', filename: 'a.pdf', size: 3 }, invalidDataUrlMessage],
      ['data:application/pdf;base64,%%%not-base64', invalidDataUrlMessage],
      ['not a data url', invalidDataUrlMessage],
    ];
    for (const [file, message] of cases) {
      const res = await upload(b.id, file);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ userMsg: string }>().userMsg).toBe(message);
    }
    expect(await state()).toEqual({ files: null, requirements: 'WEDDING_CERTIFICATE:false:-', log: 'Comment' });
  });

  it('parses the PDF: refuses a zip bomb, too many pages, encryption, JavaScript, a launch action and embedded files with clear messages — storing nothing', async () => {
    const b = await booking();
    const cases: [string, Buffer, string][] = [
      ['zip bomb (256 MiB inflated)', await zipBombPdf(), pdfRefusalMessages.tooLargeDecompressed],
      [`${PDF_MAX_PAGES + 1} pages`, await normalPdf(PDF_MAX_PAGES + 1), pdfRefusalMessages.tooManyPages],
      ['encrypted', await encryptedPdf(), pdfRefusalMessages.encrypted],
      ['/OpenAction /JS', await openActionJavaScriptPdf(), pdfRefusalMessages.javascript],
      ['/J#53 (escaped /JS)', escapedJavaScriptPdf(), pdfRefusalMessages.javascript],
      ['/Launch', launchActionPdf(), pdfRefusalMessages.launch],
      ['/EmbeddedFiles', await embeddedFilePdf(), pdfRefusalMessages.embeddedFiles],
      ['binary after the signature', Buffer.from('%PDF-\x00\x01\x02\xff', 'latin1'), pdfRefusalMessages.unreadable],
    ];
    for (const [what, file, message] of cases) {
      const res = await upload(b.id, asFile(file));
      expect([what, res.statusCode, res.json<ApiError>().userMsg]).toEqual([what, 400, message]);
    }
    // The data URL form (decoded from the stream) is parsed the same way.
    const asDataUrl = await upload(b.id, `data:application/pdf;name=file;base64,${(await openActionJavaScriptPdf()).toString('base64')}`);
    expect([asDataUrl.statusCode, asDataUrl.json<ApiError>().userMsg]).toEqual([400, pdfRefusalMessages.javascript]);
    expect(await state()).toEqual({ files: null, requirements: 'WEDDING_CERTIFICATE:false:-', log: 'Comment' });
  }, 120_000);

  it("accepts a normal PDF and keeps only a safe base name of the uploaded one; the download's header is RFC 6266", async () => {
    const b = await booking();
    const file = await normalPdf(2);
    const names: [string, string][] = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['C:\\Users\\kari\\attest.PDF', 'attest.pdf'],
      ['\u202Efdp.exe', 'fdp.exe.pdf'],
      ['..', 'provingsattest.pdf'],
      ["Kari's (ny) attest*.pdf", "Kari's (ny) attest*.pdf"],
    ];
    for (const [uploaded, stored] of names) {
      const res = await upload(b.id, asFile(file, 'application/pdf', uploaded));
      expect([uploaded, res.statusCode, res.json<WeddingFormResponse>().proevingsattestFile?.filename]).toEqual([uploaded, 200, stored]);
    }
    const res = await kari.request({ method: 'GET', url: `/api/user/form/wedding/${b.id}/proevingsattest` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Kari's (ny) attest*.pdf"; filename*=UTF-8''Kari%27s%20%28ny%29%20attest%2A.pdf`,
    );
    expect(res.rawPayload.equals(file)).toBe(true);
    // A name stored before names were reduced is reduced on its way out.
    await ctx.database.db.execute(sql`update wedding_forms set proevingsattest_filename = ${'../../../etc/pass"wd\r\n.pdf'}`);
    const stale = await kari.request({ method: 'GET', url: `/api/user/form/wedding/${b.id}/proevingsattest` });
    expect(stale.headers['content-disposition']).toBe(`attachment; filename="pass_wd.pdf"; filename*=UTF-8''pass%22wd.pdf`);
  });

  it("refuses a body longer than a 10 MB file's data URL from its size (413, the spec's words), storing nothing", async () => {
    const b = await booking();
    const tooLong = JSON.stringify({
      proevingsattestFile: `data:application/pdf;name=file;base64,${'A'.repeat(PROEVINGSATTEST_REQUEST_MAX_BYTES)}`,
    });
    const res = await kari.request({
      method: 'PUT',
      url: `/api/user/form/wedding/${b.id}/proevingsattest`,
      headers: { 'content-type': 'application/json' },
      payload: tooLong,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ userMsg: string }>().userMsg).toBe(tooLargeMessage);
    expect(await state()).toEqual({ files: null, requirements: 'WEDDING_CERTIFICATE:false:-', log: 'Comment' });
  });

  it('anonymous calls get 401 before the body is read: a broken body, a body over the limit', async () => {
    const b = await booking();
    const bodies = ['{broken', JSON.stringify({ proevingsattestFile: 'A'.repeat(PROEVINGSATTEST_REQUEST_MAX_BYTES + 10) })];
    for (const payload of bodies) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/form/wedding/${b.id}/proevingsattest`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/form/wedding/${b.id}` })).statusCode).toBe(401);
  });

  it('decodes the data URL from the stream, whatever the pieces it arrives in, to the very bytes', async () => {
    const file = Buffer.concat([pdf, Buffer.from(Array.from({ length: 70_001 }, (_, i) => (i * 7919) % 256))]);
    const body = JSON.stringify({ proevingsattestFile: `data:application/pdf;name=file;base64,${file.toString('base64')}` });
    const stored = async () =>
      Buffer.from(
        (
          await queryRows<{ bytes: Buffer | Uint8Array }>(ctx.database.db, sql`select proevingsattest_bytes as bytes from wedding_forms`)
        )[0]!.bytes,
      );
    for (const size of [1, 3, 1000, 65_536]) {
      const b = await booking();
      const pieces = Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.slice(i * size, (i + 1) * size));
      const res = await kari.request({
        method: 'PUT',
        url: `/api/user/form/wedding/${b.id}/proevingsattest`,
        headers: { 'content-type': 'application/json' },
        payload: Readable.from(pieces.map((p) => Buffer.from(p))),
      });
      expect([size, res.statusCode]).toEqual([size, 200]);
      expect((await stored()).equals(file)).toBe(true);
      await ctx.database.db.execute(sql`truncate bookings, reservations, requirements, change_log, wedding_forms restart identity cascade`);
    }
    // JSON may escape the slash; a '=' before the end is not base64.
    const b = await booking();
    const escaped = body.replace(/\//g, '\\/');
    expect(
      (
        await kari.request({
          method: 'PUT',
          url: `/api/user/form/wedding/${b.id}/proevingsattest`,
          headers: { 'content-type': 'application/json' },
          payload: escaped,
        })
      ).statusCode,
    ).toBe(200);
    expect((await stored()).equals(file)).toBe(true);
    const padded = await upload(
      b.id,
      `data:application/pdf;name=file;base64,${pdf.toString('base64').slice(0, 8)}==${pdf.toString('base64').slice(8)}`,
    );
    expect(padded.statusCode).toBe(400);
    expect(padded.json<{ userMsg: string }>().userMsg).toBe(invalidDataUrlMessage);
  });

  it('a file of exactly 10 MB is accepted', { timeout: 120_000 }, async () => {
    const b = await booking();
    const big = Buffer.concat([pdf, Buffer.alloc(PROEVINGSATTEST_MAX_BYTES - pdf.length)]);
    const res = await upload(b.id, asFile(big));
    expect(res.statusCode).toBe(200);
    expect(res.json<WeddingFormResponse>().proevingsattestFile?.size).toBe(PROEVINGSATTEST_MAX_BYTES);
    const asDataUrl = await upload(b.id, `data:application/pdf;name=file;base64,${big.toString('base64')}`);
    expect(asDataUrl.statusCode).toBe(200);
    expect(asDataUrl.json<WeddingFormResponse>().proevingsattestFile?.size).toBe(PROEVINGSATTEST_MAX_BYTES);
  });

  describe('GET /api/user/form/wedding/{id}/proevingsattest: the couple downloads their certificate', () => {
    const download = (id: number, who = kari) => who.request({ method: 'GET', url: `/api/user/form/wedding/${id}/proevingsattest` });

    it('gives the owner the very bytes uploaded, as a PDF attachment with the stored name, never cached', async () => {
      const b = await booking();
      const file = Buffer.concat([pdf, Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256))]);
      expect((await upload(b.id, asFile(file, 'application/pdf', 'prøvingsattest "Kari".pdf'))).statusCode).toBe(200);
      const res = await download(b.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="pr_vingsattest _Kari_.pdf"; filename*=UTF-8''${encodeURIComponent('prøvingsattest "Kari".pdf')}`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(file)).toBe(true);
    });

    it('answers 404 with a clear message while no certificate is on file', async () => {
      const b = await booking();
      const res = await download(b.id);
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().userMsg).toBe(noCertificateOnFileMessage);
    });

    it("another citizen gets the same 404 'Fant ikke bookingen' as for an unknown booking, never the file", async () => {
      const b = await booking();
      await upload(b.id, asFile(pdf));
      const foreign = await download(b.id, per);
      const missing = await download(999_999, per);
      for (const res of [foreign, missing]) {
        expect(res.statusCode).toBe(404);
        expect(res.json<ApiError>().userMsg).toBe(bookingNotFoundMessage);
        expect(res.body).not.toContain('%PDF');
      }
      expect(foreign.json()).toEqual(missing.json());
    });

    it("answers anonymous 401, and an administrator's token (even the venue's) 401 too: it is not a token for the portal's routes", async () => {
      const b = await booking();
      await upload(b.id, asFile(pdf));
      const url = `/api/user/form/wedding/${b.id}/proevingsattest`;
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
      await addLocationAdmin(ctx.database.db, locationId, testAdmins[2]!.email);
      const vigdis = (await loginAs(ctx.app, testAdmins[2]!, { client: 'admin' })).accessToken;
      const admin = await ctx.app.inject({ method: 'GET', url, headers: bearer(vigdis) });
      expect(admin.statusCode).toBe(401);
      expect(admin.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(admin.body).not.toContain('%PDF');
    });
  });

  it('refuses a booking that is not a wedding', async () => {
    const b = await booking('default');
    expect((await upload(b.id, asFile(pdf))).statusCode).toBe(404);
    expect((await read(b.id)).statusCode).toBe(404);
    expect((await kari.request({ method: 'GET', url: `/api/user/form/wedding/${b.id}/proevingsattest` })).statusCode).toBe(404);
    expect(await state()).toEqual({ files: null, requirements: null, log: 'Comment' });
  });
});
