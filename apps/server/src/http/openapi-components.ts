import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformObject = typeof jsonSchemaTransformObject;
type JsonObject = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/** Every components.schemas name `value` refers to by $ref, however deep. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(REF_PREFIX)) into.add(child.slice(REF_PREFIX.length));
      else refsIn(child, into);
    }
  }
  return into;
}

/**
 * Only the components.schemas the operations use, directly or through each other: fastify-type-provider-zod
 * writes every registered zod schema twice (as output `Booking` and input `BookingInput`), and an unused
 * component is noise in a generated client and a lint warning (decision 059).
 */
export function usedComponents(document: JsonObject): JsonObject {
  const components = (document.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as JsonObject;
  const used = refsIn(document.paths, new Set());
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...used]) {
      for (const ref of refsIn(schemas[name], new Set())) {
        if (!used.has(ref)) {
          used.add(ref);
          grew = true;
        }
      }
    }
  }
  const kept = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .filter((name) => used.has(name))
      .map((name) => [name, schemas[name]]),
  );
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * A record over an enum's keys (z.record(z.enum([...]), X)) as zod writes it, `propertyNames` with the
 * keys all `required` and no `properties`, rewritten as the same object with each key a property: the
 * same instances are valid, and linters and generators see the keys (decision 059).
 */
export function withEnumRecordsAsProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withEnumRecordsAsProperties);
  if (value === null || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withEnumRecordsAsProperties(child)])) as JsonObject;
  const keys = (object.propertyNames as { enum?: unknown } | undefined)?.enum;
  const each = object.additionalProperties;
  if (
    object.properties === undefined &&
    Array.isArray(keys) &&
    Array.isArray(object.required) &&
    each !== null &&
    typeof each === 'object'
  ) {
    const { propertyNames: _keys, ...rest } = object;
    return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), each])), additionalProperties: false };
  }
  return object;
}

/**
 * The swagger transformObject: the registered zod schemas as components.schemas, the unused ones left
 * out, enum-keyed records as properties.
 */
export const documentComponents: TransformObject = (input) =>
  withEnumRecordsAsProperties(usedComponents(jsonSchemaTransformObject(input) as JsonObject)) as ReturnType<TransformObject>;
