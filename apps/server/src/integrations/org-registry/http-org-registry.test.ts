import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { signAccessToken } from '../../../test/access-tokens';
import { capturingLogger, json, startHttpStub, type HttpStub, type StubHandler } from '../../../test/http-stub';
import { testCitizens } from '../../seed/test-users';
import { HttpOrgRegistry, PERSON_SUBJECT_TYPE } from './http-org-registry';

/** Parties as Altinn 3's authorized parties API answers them (the fields this client reads, and some it ignores). */
const parties = [
  {
    partyUuid: '5b0f6c1e-0000-4000-8000-000000000001',
    name: 'Tøyen Sportsklubb',
    organizationNumber: '997766555',
    type: 'Organization',
    isDeleted: false,
    authorizedRoles: ['KOMAB', 'DAGL'],
    authorizedResources: [],
    subunits: [
      {
        name: 'Tøyen Sportsklubb Håndball',
        organizationNumber: '912345670',
        type: 'Organization',
        isDeleted: false,
        authorizedRoles: ['KOMAB'],
        subunits: [],
      },
    ],
  },
  { name: 'Frogner Damekor', organizationNumber: '996655431', type: 'Organization', isDeleted: false, authorizedRoles: ['KOMAB'] },
  { name: 'Nordmann Snekkerservice AS', organizationNumber: '921857462', type: 'Organization', authorizedRoles: ['DAGL'] },
  { name: 'Nedlagt Forening', organizationNumber: '993322113', type: 'Organization', isDeleted: true, authorizedRoles: ['KOMAB'] },
  { name: 'Kari Nordmann', organizationNumber: null, personId: '01017012345', type: 'Person', authorizedRoles: ['KOMAB'] },
];

describe('the organisation register over HTTP (Altinn 3 authorized parties)', () => {
  let stub: HttpStub;
  let logger: ReturnType<typeof capturingLogger>;
  const registry = (timeoutMs = 2000) => new HttpOrgRegistry({ url: `${stub.url}/ar`, token: 'reg-token', timeoutMs }, logger.log);
  const withForms = (formTimeoutMs = 300) =>
    new HttpOrgRegistry(
      {
        url: `${stub.url}/ar`,
        token: 'reg-token',
        timeoutMs: 2000,
        enhetsregisteret: { url: `${stub.url}/brreg`, timeoutMs: formTimeoutMs },
      },
      logger.log,
    );
  /** The register's parties at /ar, and Enhetsregisteret's enheter at /brreg as `enheter` tells: a form code, a status to fail with, or 'hang'. */
  const registerAndForms =
    (enheter: Record<string, string | number>): StubHandler =>
    (request, response) => {
      if (request.url === '/ar/authorizedparties') return json(200, parties)(request, response);
      const orgnr = /^\/brreg\/enhetsregisteret\/api\/enheter\/(\d{9})$/.exec(request.url)?.[1] ?? '';
      const answer = enheter[orgnr];
      if (answer === 'hang') return;
      if (typeof answer === 'number') return json(answer, {})(request, response);
      if (answer === undefined) return json(404, {})(request, response);
      json(200, { organisasjonsnummer: orgnr, navn: 'X', organisasjonsform: { kode: answer, beskrivelse: 'Beskrivelse' } })(
        request,
        response,
      );
    };

  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
    logger = capturingLogger();
  });

  it("asks for the person's parties by subject and keeps the organisations where they have 'kommunale tjenester', subunits included", async () => {
    stub.answer(json(200, parties));
    // Without Enhetsregisteret configured, every form is unknown.
    expect(await registry().organizationsFor({ sub: 'sub-123' })).toEqual([
      { orgnr: '996655431', orgNavn: 'Frogner Damekor', rolleKode: 'KOMAB', organisasjonsform: null },
      { orgnr: '997766555', orgNavn: 'Tøyen Sportsklubb', rolleKode: 'KOMAB', organisasjonsform: null },
      { orgnr: '912345670', orgNavn: 'Tøyen Sportsklubb Håndball', rolleKode: 'KOMAB', organisasjonsform: null },
    ]);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({ method: 'POST', url: '/ar/authorizedparties' });
    expect(stub.requests[0]!.headers.authorization).toBe('Bearer reg-token');
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({ type: PERSON_SUBJECT_TYPE, value: 'sub-123' });
  });

  it('gives each organisation its form from Enhetsregisteret, and leaves it null when that lookup fails or is slow, without failing', async () => {
    stub.answer(registerAndForms({ '996655431': 'FLI', '997766555': 'hang', '912345670': 500 }));
    const started = Date.now();
    expect(await withForms().organizationsFor({ sub: 'sub-123' })).toEqual([
      { orgnr: '996655431', orgNavn: 'Frogner Damekor', rolleKode: 'KOMAB', organisasjonsform: 'FLI' },
      { orgnr: '997766555', orgNavn: 'Tøyen Sportsklubb', rolleKode: 'KOMAB', organisasjonsform: null },
      { orgnr: '912345670', orgNavn: 'Tøyen Sportsklubb Håndball', rolleKode: 'KOMAB', organisasjonsform: null },
    ]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(stub.requests.filter((r) => r.url.startsWith('/brreg/')).map((r) => [r.method, r.url])).toEqual(
      expect.arrayContaining([
        ['GET', '/brreg/enhetsregisteret/api/enheter/996655431'],
        ['GET', '/brreg/enhetsregisteret/api/enheter/997766555'],
        ['GET', '/brreg/enhetsregisteret/api/enheter/912345670'],
      ]),
    );
    expect(logger.warnings).toHaveLength(2);
    expect(logger.warnings.join('\n')).toContain('no answer within 300 ms');
    expect(logger.warnings.join('\n')).toContain('answered 500');
  });

  it("finds the invoice address: Enhetsregisteret's postadresse, else its forretningsadresse, none when it has neither (decision 071)", async () => {
    const enheter: Record<string, unknown> = {
      '996655431': {
        postadresse: { adresse: ['Postboks 2990 Solli'], postnummer: '0230', poststed: 'OSLO', landkode: 'NO' },
        forretningsadresse: { adresse: ['Frognerveien 1'], postnummer: '0257', poststed: 'OSLO', landkode: 'NO' },
      },
      '997766555': { forretningsadresse: { adresse: ['Hagegata 28', 'Inngang B'], postnummer: '0653', poststed: 'OSLO', landkode: 'NO' } },
      '993322113': { organisasjonsform: { kode: 'FLI' } },
    };
    stub.answer((request, response) => {
      const orgnr = /enheter\/(\d{9})$/.exec(request.url)?.[1] ?? '';
      const enhet = enheter[orgnr];
      return enhet === undefined ? json(404, {})(request, response) : json(200, enhet)(request, response);
    });
    const client = withForms();
    expect(await client.invoiceAddressOf('996655431')).toEqual({
      addressLine: 'Postboks 2990 Solli',
      postalCode: '0230',
      city: 'OSLO',
      countryCode: 'NO',
    });
    expect(await client.invoiceAddressOf('997766555')).toEqual({
      addressLine: 'Hagegata 28, Inngang B',
      postalCode: '0653',
      city: 'OSLO',
      countryCode: 'NO',
    });
    expect(await client.invoiceAddressOf('993322113')).toBeNull();
    expect(await client.invoiceAddressOf('912345670')).toBeNull();
    expect(stub.requests.map((r) => r.url)).toContain('/brreg/enhetsregisteret/api/enheter/996655431');
  });

  it('throws, within its deadline, when Enhetsregisteret does not answer the address: "ask again later", not "no address"', async () => {
    stub.answer(registerAndForms({ '996655431': 'hang', '997766555': 500 }));
    const started = Date.now();
    await expect(withForms().invoiceAddressOf('996655431')).rejects.toBeInstanceOf(AppError);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(withForms().invoiceAddressOf('997766555')).rejects.toBeInstanceOf(AppError);
  });

  it('keeps a known form, and asks again for one it could not get', async () => {
    const client = withForms();
    stub.answer(registerAndForms({ '996655431': 'FLI', '997766555': 503, '912345670': 'STI' }));
    await client.organizationsFor({ sub: 'sub-123' });
    stub.requests.length = 0;
    stub.answer(registerAndForms({ '996655431': 'AS', '997766555': 'FLI', '912345670': 'AS' }));
    expect((await client.organizationsFor({ sub: 'sub-123' })).map((o) => o.organisasjonsform)).toEqual(['FLI', 'FLI', 'STI']);
    expect(stub.requests.filter((r) => r.url.startsWith('/brreg/')).map((r) => r.url)).toEqual([
      '/brreg/enhetsregisteret/api/enheter/997766555',
    ]);
  });

  it.each([
    ['a 403', json(403, { title: 'Forbidden' }), 'answered 403'],
    ['a 500', json(500, {}), 'answered 500'],
    ['an answer of another shape', json(200, { parties }), 'unexpected answer (not a list of authorized parties)'],
  ])('turns %s into a logged 503 AppError without the subject in the log', async (_what, handler, reason) => {
    stub.answer(handler);
    const failure = await registry()
      .organizationsFor({ sub: 'sub-123' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toBe(`organisation register is unavailable: ${reason}`);
    expect((failure as AppError).status).toBe(503);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toContain(reason);
    expect(logger.warnings[0]).not.toContain('sub-123');
  });

  it('gives up after its deadline', async () => {
    stub.answer(() => {
      /* never answers */
    });
    await expect(registry(250).organizationsFor({ sub: 'sub-123' })).rejects.toThrow(
      'organisation register is unavailable: no answer within 250 ms',
    );
  });
});

describe('ORG_REGISTRY_ADAPTER=http and KEY_SERVICE_ADAPTER=http in the app', () => {
  let stub: HttpStub;
  let ctx: TestContext;
  beforeAll(async () => {
    stub = await startHttpStub();
    ctx = await createTestApp({
      ORG_REGISTRY_ADAPTER: 'http',
      ORG_REGISTRY_URL: stub.url,
      ORG_REGISTRY_TIMEOUT_MS: '500',
      ENHETSREGISTERET_URL: `${stub.url}/brreg`,
      KEY_SERVICE_ADAPTER: 'http',
      KEY_SERVICE_URL: `${stub.url}/keys`,
      KEY_SERVICE_TOKEN: 'key-token',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const valid = async () =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/user/impersonation/organizations/valid',
      headers: { authorization: `Bearer ${await signAccessToken(ctx.app)}` },
    });

  it("lists the register's organisations to the citizen, and answers 503 with the error shape when the register fails", async () => {
    stub.answer(json(200, parties));
    const res = await valid();
    expect(res.statusCode).toBe(200);
    expect(res.json<{ orgnr: string }[]>().map((o) => o.orgnr)).toEqual(['996655431', '997766555', '912345670']);
    const asked = stub.requests.filter((r) => r.url === '/authorizedparties').at(-1)!;
    expect(JSON.parse(asked.body)).toEqual({ type: PERSON_SUBJECT_TYPE, value: testCitizens[0]!.sub });
    // The stub's answer to Enhetsregisteret's lookups is not an enhet: the forms are unknown, the list still answers.
    expect(stub.requests.filter((r) => r.url.startsWith('/brreg/enhetsregisteret/api/enheter/'))).toHaveLength(3);

    stub.answer(json(502, {}));
    const failed = await valid();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      msg: 'organisation register is unavailable: answered 502',
      userMsg: expect.any(String),
    });
  });

  it('gives the key job the HTTP key service', async () => {
    stub.answer(json(200, [{ grantId: 'g-1', state: 'NO_PROFILE' }]));
    expect([...(await ctx.app.keyService.grantStates(['g-1']))]).toEqual([['g-1', 'NO_PROFILE']]);
    expect(stub.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/keys/grants?id=g-1',
      headers: { authorization: 'Bearer key-token' },
    });
  });
});
