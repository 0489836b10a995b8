import { describe, expect, it } from 'vitest';
import { announcedChanges, breakingChanges } from './openapi-breaking';

const room: { type: string; properties: Record<string, object>; required: string[] } = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } },
  required: ['id', 'name'],
};
const tag: { type: string; properties: Record<string, object> } = {
  type: 'object',
  properties: { id: { type: 'integer' }, tagType: { type: 'string', enum: ['facility', 'uu'] } },
};

/** A small document: GET /api/room/{id} answers a Room; POST /api/room takes one; GET /api/rooms has a query. */
function doc(change: (d: ReturnType<typeof base>) => void = () => {}) {
  const d = base();
  change(d);
  return d;
}
function base() {
  return {
    paths: {
      '/api/room/{id}': {
        get: {
          parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
          responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Room' } } } } },
        },
      },
      '/api/room': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    capacity: { type: ['integer', 'null'] },
                    kind: { type: 'string', enum: ['ROOM', 'HALL'] },
                  },
                  required: ['name'],
                },
              },
            },
          },
          responses: { 201: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } } } },
        },
      },
      '/api/rooms': {
        get: {
          parameters: [
            { in: 'query', name: 'capacity', required: false, schema: { type: 'integer' } },
            { in: 'query', name: 'text', required: false, schema: { type: 'string' } },
          ],
          responses: {
            200: { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Room' } } } } },
          },
        },
      },
    },
    components: {
      schemas: { Room: structuredClone(room) as Record<string, unknown>, Tag: structuredClone(tag) as Record<string, unknown> },
    },
  };
}
const keys = (d: object) => breakingChanges(base(), d).map((c) => c.key);
type Doc = ReturnType<typeof base>;
const roomSchema = (d: Doc) => d.components.schemas.Room as typeof room;
const postBody = (d: Doc) => d.paths['/api/room'].post.requestBody.content['application/json'].schema;

/** The comparer of decision 062 finds each kind of breaking change, and nothing in a compatible change. */
describe('breakingChanges', () => {
  it('finds nothing between a document and itself, or when something is added or loosened', () => {
    expect(keys(base())).toEqual([]);
    const added = doc((d) => {
      (d.paths as Record<string, unknown>)['/api/new'] = { get: { responses: {} } };
      roomSchema(d).properties = { ...roomSchema(d).properties, floor: { type: 'integer' } };
      postBody(d).required = [];
      postBody(d).properties.kind.enum.push('YARD');
    });
    expect(keys(added)).toEqual([]);
  });

  it('finds a removed operation', () => {
    expect(keys(doc((d) => delete (d.paths as Record<string, unknown>)['/api/rooms']))).toEqual(['removed-operation GET /api/rooms']);
  });

  it('finds a removed answer property, through $ref, arrays and nested schemas', () => {
    const d = doc((x) => delete (x.components.schemas.Tag as typeof tag).properties.tagType);
    expect(keys(d)).toEqual([
      'removed-response-property GET /api/room/{id} 200 tags[].tagType',
      'removed-response-property GET /api/rooms 200 [].tags[].tagType',
    ]);
  });

  it('finds a parameter, a body property or the body that became required', () => {
    expect(keys(doc((d) => (d.paths['/api/rooms'].get.parameters[1]!.required = true)))).toEqual([
      'became-required GET /api/rooms query.text',
    ]);
    expect(
      keys(
        doc((d) => d.paths['/api/rooms'].get.parameters.push({ in: 'query', name: 'date', required: true, schema: { type: 'string' } })),
      ),
    ).toEqual(['became-required GET /api/rooms query.date']);
    expect(keys(doc((d) => postBody(d).required.push('capacity')))).toEqual(['became-required POST /api/room body.capacity']);
  });

  it('finds a narrowed type (null refused, a string where a number was) and a narrowed enum', () => {
    expect(keys(doc((d) => (postBody(d).properties.capacity.type = ['integer'])))).toEqual(['narrowed-type POST /api/room body.capacity']);
    expect(keys(doc((d) => (d.paths['/api/rooms'].get.parameters[0]!.schema = { type: 'string' })))).toEqual([
      'narrowed-type GET /api/rooms query.capacity',
    ]);
    expect(keys(doc((d) => (postBody(d).properties.kind.enum = ['ROOM'])))).toEqual(['narrowed-enum POST /api/room body.kind']);
    expect(keys(doc((d) => (d.paths['/api/rooms'].get.parameters[1]!.schema = { type: 'string', enum: ['a'] } as never)))).toEqual([
      'narrowed-enum GET /api/rooms query.text',
    ]);
  });
});

describe('announcedChanges', () => {
  const changelog = [
    '# API changelog',
    '## 2.0.0 (2027-01-01)',
    '- Removed: `removed-operation GET /api/rooms` (deprecated since 1.1.0)',
    '## 1.1.0',
    '- `became-required GET /api/rooms query.text`',
  ].join('\n');

  it("reads the keys in the version's own section only", () => {
    expect([...announcedChanges(changelog, '2.0.0')]).toEqual(['removed-operation GET /api/rooms']);
    expect([...announcedChanges(changelog, '1.1.0')]).toEqual(['became-required GET /api/rooms query.text']);
    expect([...announcedChanges(changelog, '3.0.0')]).toEqual([]);
  });
});
