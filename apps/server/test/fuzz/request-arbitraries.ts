import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads (as @fastify/swagger renders the zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operation: Operation;
}

export interface FuzzRequest {
  url: string;
  /** A raw body (malformed JSON among them) or undefined for none. */
  payload?: string;
  contentType?: string;
  description: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document under /api (the OpenAPI UI's own routes left out). */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase() as FuzzOperation['method'], path, operation: item[m]! })),
    );
}

/** Strings a careless handler trips over: NUL, lone surrogates, bidi marks, SQL and path tricks, huge ones. */
const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eabc',
  '\u200F\u200E',
  '\uFEFF',
  '😀',
  'e\u0301',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '${x}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e999',
  '2024-02-30',
  '2024-13-01',
  '9999-12-31',
  '0000-01-01',
  '25:61',
  'P-1D',
  'PT-30M',
  'PT99999H',
  'x'.repeat(70_000),
);
/** Numbers at and past every edge: int4, int8, safe integers, fractions, exponents. */
const oddNumbers = fc.constantFrom(0, -1, 1.5, 2147483647, 2147483648, -2147483649, 9007199254740991, 1e21, 1e308, -1e308, 0.1);
/** Path and query ids: numbers past int4 and int8, negatives, non-numbers, odd unicode. */
const oddIds = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  'abc',
  '%00',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%20',
  '0x10',
  'Infinity',
);

export function wellFormedValue(schema: JsonSchema | undefined, ids: readonly number[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => wellFormedValue(b, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'email') return fc.constantFrom('a@example.no', 'kari.nordmann@example.no');
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('10:00', '2030-01-15', 'PT1H', 'Korøvelse'));
    case 'integer':
      return fc.oneof(fc.constantFrom(...ids), fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 50, 1e9) }));
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 100, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(wellFormedValue(schema.items, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, value(v, ids, depth + 1)])), {
        requiredKeys: [...required].filter((k) => k in properties),
      });
    }
    default:
      return fc.constant(null);
  }
}

/** Mostly a well-formed value, sometimes one of the wrong type or at an edge, so handlers are reached and tried. */
function value(schema: JsonSchema | undefined, ids: readonly number[], depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: wellFormedValue(schema, ids, depth) },
    { weight: 1, arbitrary: oddStrings },
    { weight: 1, arbitrary: oddNumbers },
    { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, [null], { '': 1 }) },
  );
}

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  '"\\uD800"',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  ' ',
);

function bodyArbitrary(operation: Operation, ids: readonly number[]): fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'contentType'>> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const json = (v: fc.Arbitrary<unknown>) => v.map((x) => ({ payload: JSON.stringify(x) ?? 'null', contentType: 'application/json' }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: malformedJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: json(fc.constantFrom(null, 0, 'x', [], true, [{}])) },
    { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 2 })) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(200), '\u0000').map((payload) => ({ payload, contentType: 'text/plain' })) },
    { weight: schema ? 6 : 1, arbitrary: json(value(schema, ids, 0)) },
  );
}

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as the replacement character. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function parameterValue(schema: JsonSchema | undefined, ids: readonly number[]): fc.Arbitrary<string> {
  const wellFormed = wellFormedValue(schema?.type === 'array' ? schema.items : schema, ids).map((v) =>
    encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')),
  );
  return fc.oneof(
    { weight: 4, arbitrary: wellFormed },
    { weight: 2, arbitrary: oddIds },
    { weight: 1, arbitrary: oddStrings.map((s) => encode(s.slice(0, 500))) },
  );
}

/** A request to one operation: its path filled in, some of its query, and a body (for the methods that take one). */
export function requestArbitrary(op: FuzzOperation, ids: readonly number[]): fc.Arbitrary<FuzzRequest> {
  const parameters = op.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParams.map((p) => parameterValue(p.schema, ids)))
    .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]!), op.path));
  const query = fc
    .tuple(...queryParams.map((p) => fc.option(fc.array(parameterValue(p.schema, ids), { minLength: 1, maxLength: 2 }), { freq: 2 })))
    .map((values) => queryParams.flatMap((p, i) => (values[i] ?? []).map((v) => `${encodeURIComponent(p.name)}=${v}`)).join('&'));
  const body: fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'contentType'>> =
    op.method === 'GET' || op.method === 'DELETE' ? fc.constant({}) : bodyArbitrary(op.operation, ids);
  return fc
    .tuple(path, query, body)
    .map(([p, q, b]) => ({
      url: q ? `${p}?${q}` : p,
      ...b,
      description: `${op.method} ${q ? `${p}?${q}` : p}${b.payload === undefined ? '' : ` body ${b.payload.slice(0, 300)}${b.payload.length > 300 ? `… (${b.payload.length} chars)` : ''}`}`,
    }));
}

/** A value of the schema's shape with every string `text` and every integer `id`: reaches the handler with one odd thing in every field. */
function filledValue(schema: JsonSchema | undefined, text: string, id: number, depth = 0): unknown {
  if (!schema || depth > 5) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return filledValue(branches[0], text, id, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return text;
    case 'integer':
    case 'number':
      return id;
    case 'boolean':
      return true;
    case 'array':
      return [filledValue(schema.items, text, id, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, filledValue(v, text, id, depth + 1)]));
    default:
      return null;
  }
}

/**
 * The requests every operation gets first, whatever the seed: the bugs found in hardening for production (decision 016) and their kin
 * (a `null` body, ids past int4, NUL and lone surrogates in every text field, malformed JSON).
 */
export function classicRequests(op: FuzzOperation, ids: readonly number[]): FuzzRequest[] {
  const parameters = op.operation.parameters ?? [];
  const fill = (id: string, text: string) => {
    const path = parameters.filter((p) => p.in === 'path').reduce((url, p) => url.replace(`{${p.name}}`, id), op.path);
    const query = parameters
      .filter((p) => p.in === 'query')
      .map(
        (p) =>
          `${encodeURIComponent(p.name)}=${p.schema?.type === 'integer' || p.schema?.items?.type === 'integer' ? id : encodeURIComponent(text)}`,
      )
      .join('&');
    return query ? `${path}?${query}` : path;
  };
  const schema = op.operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  const id = String(ids.at(-1) ?? 1);
  const requests: Omit<FuzzRequest, 'description'>[] = [
    { url: fill('2147483648', 'x') },
    { url: fill('-1', '\u0000') },
    {
      url: fill(id, 'a\u0000b'),
      ...(takesBody ? { payload: JSON.stringify(filledValue(schema, 'a\u0000b', ids.at(-1) ?? 1)), contentType: 'application/json' } : {}),
    },
  ];
  if (takesBody) {
    requests.push(
      { url: fill(id, 'x'), payload: 'null', contentType: 'application/json' },
      { url: fill(id, 'x'), payload: '{', contentType: 'application/json' },
      { url: fill(id, 'x'), payload: JSON.stringify(filledValue(schema, '\uD800\u202E', 2_147_483_648)), contentType: 'application/json' },
      { url: fill(id, 'x'), payload: JSON.stringify(filledValue(schema, 'x'.repeat(70_000), 1e21)), contentType: 'application/json' },
    );
  }
  return requests.map((r) => ({
    ...r,
    description: `${op.method} ${r.url}${r.payload === undefined ? '' : ` body ${r.payload.slice(0, 300)}`}`,
  }));
}
