/**
 * The breaking changes between two versions of the API document (decision 062): what a client built
 * on the older one can trip over. Each change has a stable key, which docs/api-changelog.md quotes
 * to announce it:
 * - `removed-operation GET /api/x`: an operation is gone;
 * - `removed-response-property GET /api/x 200 a.b[].c`: a property of a 2xx answer is gone;
 * - `became-required GET /api/x query.name` / `became-required POST /api/x body.a.b`: a parameter,
 *   the body, or a body property the client could leave out must now be sent;
 * - `narrowed-type …` / `narrowed-enum …`: a parameter or body property accepts fewer types or values.
 */

type Schema = Record<string, unknown>;
interface Document {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** Deep enough for every real schema; a cycle through $ref stops here. */
const MAX_DEPTH = 12;

export interface BreakingChange {
  /** The stable key the changelog quotes. */
  key: string;
}

class Side {
  constructor(private readonly doc: Document) {}

  operations(): Map<string, Operation> {
    const ops = new Map<string, Operation>();
    for (const [p, item] of Object.entries(this.doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item))
        if (METHODS.includes(method)) ops.set(`${method.toUpperCase()} ${p}`, op as Operation);
    }
    return ops;
  }

  /** A schema with its $ref followed, and the branches of anyOf/oneOf/allOf flattened into one view. */
  branches(schema: Schema | undefined, seen = 0): Schema[] {
    if (!schema || seen > MAX_DEPTH) return [];
    const ref = schema.$ref;
    if (typeof ref === 'string')
      return this.branches(this.doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] as Schema | undefined, seen + 1);
    const list = [...((schema.anyOf as Schema[]) ?? []), ...((schema.oneOf as Schema[]) ?? []), ...((schema.allOf as Schema[]) ?? [])];
    const own = Object.fromEntries(Object.entries(schema).filter(([k]) => !['anyOf', 'oneOf', 'allOf'].includes(k)));
    const rest = list.flatMap((branch) => this.branches(branch, seen + 1));
    // Beside anyOf/oneOf/allOf, the schema's own keywords count as a branch only when they constrain the shape.
    const shaped = ['type', 'enum', 'const', 'properties', 'items'].some((k) => k in own);
    return shaped || rest.length === 0 ? [own, ...rest] : rest;
  }

  properties(schema: Schema | undefined): Map<string, Schema> {
    const props = new Map<string, Schema>();
    for (const branch of this.branches(schema)) {
      for (const [name, sub] of Object.entries((branch.properties as Record<string, Schema>) ?? {})) props.set(name, sub);
    }
    return props;
  }

  required(schema: Schema | undefined): Set<string> {
    return new Set(this.branches(schema).flatMap((b) => (Array.isArray(b.required) ? (b.required as string[]) : [])));
  }

  items(schema: Schema | undefined): Schema | undefined {
    return this.branches(schema).find((b) => b.items && typeof b.items === 'object')?.items as Schema | undefined;
  }

  /** The JSON types a schema accepts ('any' when it names none). */
  types(schema: Schema | undefined): Set<string> {
    const types = new Set<string>();
    for (const branch of this.branches(schema)) {
      const type = branch.type;
      if (typeof type === 'string') types.add(type);
      else if (Array.isArray(type)) for (const t of type as string[]) types.add(t);
      else if (branch.enum === undefined && branch.const === undefined && branch.nullable === undefined) types.add('any');
      // OpenAPI 3.0's nullable (the 1.0.0 document) is 3.1's 'null' type.
      if (branch.nullable === true) types.add('null');
      if (branch.enum !== undefined || branch.const !== undefined) {
        for (const value of (branch.enum as unknown[]) ?? [branch.const]) types.add(value === null ? 'null' : typeof value);
      }
    }
    if (types.has('integer') && types.has('number')) types.delete('integer');
    return types;
  }

  /** The values a schema allows, or undefined when it allows any value of its types. */
  enumValues(schema: Schema | undefined): Set<string> | undefined {
    const values = new Set<string>();
    for (const branch of this.branches(schema)) {
      if (branch.enum !== undefined || branch.const !== undefined) {
        for (const value of (branch.enum as unknown[]) ?? [branch.const]) values.add(JSON.stringify(value));
      } else if (branch.type !== 'null') return undefined;
    }
    return values.size > 0 ? values : undefined;
  }
}

function jsonContent(content: Record<string, { schema?: Schema }> | undefined): Schema | undefined {
  return content?.['application/json']?.schema;
}

/** Every breaking change from `released` to `current`, sorted by key. */
export function breakingChanges(released: Document, current: Document): BreakingChange[] {
  const before = new Side(released);
  const after = new Side(current);
  const keys = new Set<string>();
  const add = (key: string) => keys.add(key);

  /** What a client sends: accepted before, refused now. */
  const compareInput = (where: string, was: Schema | undefined, now: Schema | undefined, depth: number) => {
    if (depth > MAX_DEPTH || !was || !now) return;
    const wasTypes = before.types(was);
    const nowTypes = after.types(now);
    if (!nowTypes.has('any') && [...wasTypes].some((t) => !nowTypes.has(t) && !(t === 'integer' && nowTypes.has('number')))) {
      add(`narrowed-type ${where}`);
    }
    const wasValues = before.enumValues(was);
    const nowValues = after.enumValues(now);
    if (nowValues && (!wasValues || [...wasValues].some((v) => !nowValues.has(v)))) add(`narrowed-enum ${where}`);
    const wasRequired = before.required(was);
    const nowProps = after.properties(now);
    for (const name of after.required(now)) if (!wasRequired.has(name)) add(`became-required ${where}.${name}`);
    for (const [name, sub] of before.properties(was)) compareInput(`${where}.${name}`, sub, nowProps.get(name), depth + 1);
    compareInput(`${where}[]`, before.items(was), after.items(now), depth + 1);
  };

  /** What a client reads: a property it found before is gone. */
  const compareOutput = (where: string, path: string, was: Schema | undefined, now: Schema | undefined, depth: number) => {
    if (depth > MAX_DEPTH || !was || !now) return;
    const nowProps = after.properties(now);
    if (after.types(now).has('any') && nowProps.size === 0) return;
    for (const [name, sub] of before.properties(was)) {
      const next = path === '' ? name : `${path}.${name}`;
      if (!nowProps.has(name)) add(`removed-response-property ${where} ${next}`);
      else compareOutput(where, next, sub, nowProps.get(name), depth + 1);
    }
    compareOutput(where, `${path}[]`, before.items(was), after.items(now), depth + 1);
  };

  const currentOps = after.operations();
  for (const [name, was] of before.operations()) {
    const now = currentOps.get(name);
    if (!now) {
      add(`removed-operation ${name}`);
      continue;
    }
    const nowParams = new Map((now.parameters ?? []).map((p) => [`${p.in}.${p.name}`, p]));
    const wasParams = new Map((was.parameters ?? []).map((p) => [`${p.in}.${p.name}`, p]));
    for (const [key, param] of nowParams) {
      if (param.required && !wasParams.get(key)?.required) add(`became-required ${name} ${key}`);
      const old = wasParams.get(key);
      if (old) compareInput(`${name} ${key}`, old.schema, param.schema, 0);
    }
    if (now.requestBody?.required && was.requestBody && !was.requestBody.required) add(`became-required ${name} body`);
    compareInput(`${name} body`, jsonContent(was.requestBody?.content), jsonContent(now.requestBody?.content), 0);
    for (const [status, answer] of Object.entries(was.responses ?? {})) {
      if (!status.startsWith('2')) continue;
      compareOutput(`${name} ${status}`, '', jsonContent(answer.content), jsonContent(now.responses?.[status]?.content), 0);
    }
  }
  return [...keys].sort().map((key) => ({ key }));
}

/**
 * The keys docs/api-changelog.md announces for `version`: every `code span` of its section
 * (from `## <version>` to the next `## `).
 */
export function announcedChanges(changelog: string, version: string): Set<string> {
  const start = changelog.search(new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\b`, 'm'));
  if (start < 0) return new Set();
  const rest = changelog.slice(start + 3);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return new Set([...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}
