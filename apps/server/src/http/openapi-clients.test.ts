import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCitizens } from '../seed/test-users';
import { addFlow, inDays, setOpeningHours } from '../../test/factories/calendar';
import { createAsset, createLocation } from '../../test/factories/places';
import { bearer, loginAs } from '../../test/login';
import { useTestApp } from '../../test/test-app';
import type { OpenApiJson } from './openapi-document';

/** An integrator's program: books a time through the generated types (the body in, the answer out). */
const bookingProgram = `
import type { components, paths } from './schema';

type Apply = paths['/api/booking']['post'];
type Application = NonNullable<Apply['requestBody']>['content']['application/json'];
type Created = Apply['responses'][201]['content']['application/json'];
type Problem = components['schemas']['ApiError'];
type Room = components['schemas']['BookableAsset'];
type Slot = components['schemas']['Timeslot'];
type Schedule = components['schemas']['AssetSchedule'];

export function firstFreeSlot(schedule: Schedule, date: string): Slot | undefined {
  return schedule.timeslotsByDate[date]?.find((slot) => slot.bookingAllowed && !slot.booked && !slot.blocked);
}

export function applicationFor(room: Room, date: string, slot: Slot): Application {
  return {
    availabilityData: {
      probablyAvailable: [
        { bookableAssetId: room.id, datesAndTimes: [{ date, startTime: slot.startTime, duration: 'PT1H', initialRepetitionDate: null }] },
      ],
    },
    isRepeating: false,
    bookingPortalClient: 'PUBLIC',
    bookingPurpose: 'PUBLICUSER_LOAN',
    formAnswers: {
      activity: 'Korøvelse',
      purpose: 'Øvelse for skolekoret',
      participants: 12,
      contactEmail: 'kari.nordmann@example.no',
      contactPhone: '412 34 567',
    },
  };
}

export async function book(baseUrl: string, token: string, room: Room, date: string, slot: Slot): Promise<string> {
  const res = await fetch(baseUrl + '/api/booking', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(applicationFor(room, date, slot)),
  });
  if (res.status === 201) {
    const created = (await res.json()) as Created;
    return created.caseNumber + ' (' + String(created.bookingId) + ')';
  }
  const problem = (await res.json()) as Problem;
  return problem.fields?.map((field) => field.path + ': ' + field.message).join(', ') ?? problem.msg;
}
`;

/** The TypeScript compiler's complaints about `program` against the generated `schema.ts`, strict. */
function diagnosticsOf(dir: string, program: string): string[] {
  const file = path.join(dir, 'program.ts');
  fs.writeFileSync(file, program);
  const compiled = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(compiled).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/**
 * Point 3 of the API contract (decision 059): openapi-typescript makes named types from the served
 * document, and a program that books a time compiles against them; the document's operations are the
 * server's route table.
 */
describe('clients generated from the OpenAPI document', () => {
  const ctx = useTestApp({ API_DOCS_ADMIN: 'public' });
  let doc: OpenApiJson;
  let dir: string;
  let types: string;

  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiJson>();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-client-'));
    types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    fs.writeFileSync(path.join(dir, 'schema.ts'), types);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('openapi-typescript writes named component types (Booking, Reservation, Location, BookableAsset …)', () => {
    for (const name of ['ApiError', 'Booking', 'Reservation', 'Location', 'BookableAsset', 'Timeslot', 'BookingApplicationInput']) {
      expect(types).toMatch(new RegExp(`^\\s+${name}: \\{`, 'm'));
    }
    expect(types).toContain('"application/json": components["schemas"]["BookingCreated"]');
  });

  // Each check builds a whole TypeScript program (the DOM's types included): seconds of CPU, more on a loaded machine.
  const compileTimeout = 120_000;

  it(
    'compiles a program that books a time through the generated types, strict, with no diagnostics',
    () => {
      expect(diagnosticsOf(dir, bookingProgram)).toEqual([]);
    },
    compileTimeout,
  );

  it(
    'refuses the same program with a misspelt field or a wrong purpose (the check can fail)',
    () => {
      expect(diagnosticsOf(dir, bookingProgram.replace('bookableAssetId: room.id', 'bookableAssetID: room.id')).join('\n')).toMatch(
        /bookableAssetID/,
      );
      expect(diagnosticsOf(dir, bookingProgram.replace("'PUBLICUSER_LOAN'", "'WEDDING'")).join('\n')).toMatch(/WEDDING/);
    },
    compileTimeout,
  );

  it("books a time with the program's functions, run on real answers: 201 with a case number", async () => {
    const db = ctx.database.db;
    const flow = await addFlow(db, 'school');
    const location = await createLocation(db, { name: 'Bolteløkka skole' });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    const roomId = (await createAsset(db, location.id, { name: 'Gymsal', bookingFlowId: flow.id })).id;
    const js = ts.transpileModule(bookingProgram, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    const file = path.join(dir, 'program.mjs');
    fs.writeFileSync(file, js.outputText);
    const program = (await import(file)) as {
      firstFreeSlot(schedule: unknown, date: string): { startTime: string } | undefined;
      applicationFor(room: unknown, date: string, slot: unknown): object;
    };
    const day = inDays(14);
    const room = (await ctx.app.inject({ method: 'GET', url: `/api/bookableasset/${roomId}` })).json<unknown>();
    const schedules = await ctx.app.inject({
      method: 'GET',
      url: `/api/schedule?bookableAssetIds=${roomId}&fromInclusive=${day}&toInclusive=${day}`,
    });
    expect(schedules.statusCode, schedules.body).toBe(200);
    const slot = program.firstFreeSlot(schedules.json<unknown[]>()[0], day);
    expect(slot?.startTime).toMatch(/^16:00/);
    const token = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: bearer(token),
      payload: program.applicationFor(room, day, slot),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ caseNumber: string }>().caseNumber).toMatch(/^LOK-\d{4}-\d+$/);
  });

  it("lists exactly the server's routes under /api (without HEAD and the documents' own routes)", () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const routes = ctx.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(routes.length).toBeGreaterThan(140);
    expect(documented).toEqual(routes);
  });
});
