import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { testAdmins, testCitizens } from '../seed/test-users';
import { bearer, loginAs } from '../../test/login';
import { createTestDatabase } from '../../test/test-db';
import { citizenSession, type CitizenSession } from '../../test/factories/applicant';
import { addLocationAdmin, inDays } from '../../test/factories/calendar';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../test/factories/wedding';
import { loggerOptions } from './logger-options';

const SSN = '12088012345';
const SPOUSE_EMAIL = 'ola.spouse@example.no';
const SPOUSE_PHONE = '+47 98765432';
const APPLICANT_PHONE = '412 34 567';

/**
 * Decision 016: a whole journey with logging on at its most talkative level — a citizen logs in
 * with their national identity number, takes a wedding time giving an e-mail and a phone number,
 * sends the wedding form with both spouses' data and an SSN, an administrator approves, the
 * e-mails go out — plus requests that fail with a token and an e-mail in the URL, and an error
 * whose message quotes personal data. Not one of those values may appear in the log.
 */
describe('the log of a whole journey', () => {
  let app: App;
  let database: Database;
  const lines: string[] = [];
  let kari: CitizenSession;
  let vigdis: string;
  let bookingId: number;
  const kariData = testCitizens[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', PORT: '3000' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream }, jobs: { run: false } });
    // An error path that quotes personal data in its message, as a database constraint error would.
    app.get('/api/test-only/fails', { config: { access: 'public' } }, async () => {
      throw new Error(`could not save ${SSN} for ${kariData.email} (${SPOUSE_PHONE})`);
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('runs the journey', async () => {
    const { locationId, roomId } = await createWeddingVenue(database.db);
    await addLocationAdmin(database.db, locationId, testAdmins[2]!.email);
    kari = await citizenSession(app, kariData);
    vigdis = (await loginAs(app, testAdmins[2]!, { client: 'admin' })).accessToken;

    const taken = await takeWeddingTimes(kari, roomId, [weddingTime(inDays(45), '11:00:00')]);
    expect(taken.statusCode, taken.body).toBe(201);
    bookingId = taken.json<{ bookingId: number }>().bookingId;
    const sent = await kari.request({
      method: 'POST',
      url: '/api/user/form/wedding',
      payload: {
        bookingId,
        applicantName: 'Kari Nordmann',
        applicantEmail: kariData.email,
        applicantPhoneNo: APPLICANT_PHONE,
        applicantSsn: SSN,
        addressStreetName: 'Storgata 1',
        addressPostCode: '0155',
        addressPostalName: 'Oslo',
        spouseName: 'Ola Nordmann',
        spouseEmail: SPOUSE_EMAIL,
        spousePhoneNo: SPOUSE_PHONE,
        eventLanguage: 'norsk',
        weddingInterpreterRequired: false,
        weddingInterpreterLanguage: '',
        preferredContactLanguage: 'norsk',
        weddingCulturalSegmentDesired: false,
        weddingCulturalSegment: '',
        needsAccommodation: false,
        accommodationDetails: '',
        extraInformation: `Ring meg på ${APPLICANT_PHONE}`,
        submitProevingsattestNow: false,
        declarationAccepted: true,
        userReferenceId: '',
        proevingsattestFile: '',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const approved = await app.inject({
      method: 'PUT',
      url: `/api/booking/${bookingId}/approve`,
      headers: bearer(vigdis),
      payload: { costCategory: 'FREE' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await app.flushMail()).sent).toBeGreaterThan(0);

    // Failing requests with secrets and personal data in the URL: query string and path.
    const inQuery = await app.inject({
      method: 'GET',
      url: `/api/user/booking?access_token=${kari.token}&email=${encodeURIComponent(SPOUSE_EMAIL)}`,
    });
    expect(inQuery.statusCode).toBe(401);
    const inPath = await app.inject({ method: 'GET', url: `/api/user/vedtak/${SSN}`, headers: bearer(kari.token) });
    expect(inPath.statusCode).toBe(400);
    const emailInPath = await app.inject({ method: 'GET', url: `/api/location/${encodeURIComponent(kariData.email)}` });
    expect(emailInPath.statusCode).toBeGreaterThanOrEqual(400);
    const badToken = await app.inject({ method: 'GET', url: '/api/user/booking', headers: { authorization: `Bearer ${kari.token}x` } });
    expect(badToken.statusCode).toBe(401);

    const failed = await app.inject({ method: 'GET', url: '/api/test-only/fails' });
    expect(failed.statusCode).toBe(500);
  }, 180_000);

  it('logged the journey, but none of its personal data or tokens', () => {
    const log = lines.join('');
    // The log is there and saw the journey (the test can fail for the right reason).
    expect(log).toContain('/api/user/form/wedding');
    expect(log).toContain(`/api/booking/${bookingId}/approve`);
    expect(log).toContain('"statusCode":500');

    const secrets = {
      'citizen access token': kari.token,
      'citizen token signature': kari.token.split('.')[2]!,
      'admin access token': vigdis,
      'national identity number of the login': kariData.pid,
      'SSN of the wedding form': SSN,
      'applicant e-mail': kariData.email,
      'applicant e-mail, URL-encoded': encodeURIComponent(kariData.email),
      'spouse e-mail': SPOUSE_EMAIL,
      'contact e-mail of the time': 'kari@example.no',
      'applicant phone': APPLICANT_PHONE,
      'contact phone of the time': '41234567',
      'spouse phone': '98765432',
    };
    for (const [what, value] of Object.entries(secrets)) {
      expect(log.includes(value), `${what} in the log`).toBe(false);
    }
    // The failing request's message is there, redacted.
    expect(log).toContain('could not save [pid] for [e-mail] ([phone])');
    // Every line is still JSON pino wrote.
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
