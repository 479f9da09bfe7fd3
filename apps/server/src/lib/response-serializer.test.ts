import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as contracts from '@aula/contracts';
import { AliveResponseSchema, LayoutResponseSchema } from '@aula/contracts';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { parsesAsItEncodes, responseSerializer } from './response-serializer.ts';

const route = (schema: $ZodType) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
const ours = (schema: $ZodType) => responseSerializer(route(schema));
const providers = (schema: $ZodType) => serializerCompiler(route(schema));

/** What a serializer makes of data: its JSON, or the error it throws. */
function outcome(serialize: (data: unknown) => string, data: unknown): string {
  try {
    return serialize(data);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

const tile = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1).max(80),
  color: z.enum(['sky-500', 'rose-500']),
  url: z.url().nullable(),
  tags: z.array(z.string()).max(3),
  meta: z.record(z.string(), z.union([z.number(), z.boolean()])).optional(),
});
type Tree = { name: string; children: Tree[] };
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
const plain: [string, $ZodType, unknown[]][] = [
  ['the ping', AliveResponseSchema, [{ now: 1 }, { now: 1.5 }, { now: 1, extra: 'dropped' }, {}, null]],
  [
    'a nested object with checks, enums, nulls, records and unions',
    z.object({ tiles: z.array(tile), page: z.number().int().min(0) }),
    [
      {
        tiles: [{ id: 1, title: 'Mathe', color: 'sky-500', url: null, tags: [], secret: 'x' }],
        page: 0,
      },
      { tiles: [{ id: 1, title: 'Mathe', color: 'sky-500', url: 'https://a.example/', tags: [] }], page: 0 },
      {
        tiles: [{ id: 1, title: 'Mathe', color: 'sky-500', url: null, tags: [], meta: { a: 1, b: true } }],
        page: 1,
      },
      { tiles: [{ id: 0, title: '', color: 'green', url: 'no', tags: ['a', 'b', 'c', 'd'] }], page: -1 },
      { tiles: 'none', page: 0 },
    ],
  ],
  [
    'a discriminated union',
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('joined'), url: z.string() }),
      z.object({ status: z.literal('waiting'), position: z.number() }),
    ]),
    [
      { status: 'joined', url: 'x' },
      { status: 'waiting', position: 2, url: 'dropped' },
      { status: 'left' },
      {},
    ],
  ],
  ['a recursive schema', tree, [{ name: 'a', children: [{ name: 'b', children: [] }] }, { name: 'a' }]],
  [
    'an intersection and a refinement',
    z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })).refine((v) => v.b > 0, 'b > 0'),
    [{ a: 'x', b: 1 }, { a: 'x', b: 0 }, { a: 'x' }],
  ],
];

describe('the response serializer (decision 097)', () => {
  it.each(plain)(
    'answers for %s exactly what the type provider’s safeEncode answers',
    (_name, schema, samples) => {
      expect(parsesAsItEncodes(schema)).toBe(true);
      for (const data of samples) expect(outcome(ours(schema), data)).toBe(outcome(providers(schema), data));
    },
  );

  it('refuses an answer its schema does not allow with the type provider’s error, which names the route', () => {
    let thrown: unknown;
    try {
      ours(AliveResponseSchema)({ now: 'soon' });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ method: 'GET', url: '/api/x', statusCode: 500 });
  });

  it('leaves every schema with a part that runs one way only to safeEncode (canaries)', () => {
    const oneWay: [string, $ZodType][] = [
      ['a transform', z.object({ a: z.string().transform((v) => v.length) })],
      ['a default', z.object({ a: z.string().default('x') })],
      ['a prefault', z.object({ a: z.string().prefault('x') })],
      ['a catch', z.object({ a: z.array(z.string().catch('x')) })],
      ['a pipe', z.object({ a: z.string().pipe(z.string()) })],
      ['a codec', z.object({ a: z.codec(z.string(), z.number(), { decode: Number, encode: String }) })],
      ['a readonly part', z.object({ a: z.object({ b: z.string() }).readonly() })],
      ['a transform deep in a lazy union', z.lazy(() => z.union([z.null(), z.string().transform(Number)]))],
      ['a transform in a record', z.record(z.string(), z.string().transform(Number))],
      ['a default in a catch-all', z.object({}).catchall(z.string().default('x'))],
    ];
    for (const [name, schema] of oneWay) expect(parsesAsItEncodes(schema), name).toBe(false);
    // and for them the answer is the type provider's: an encode refuses a transform as before
    const transformed = z.object({ a: z.string().transform((v) => v.length) });
    expect(outcome(ours(transformed), { a: 'xy' })).toBe(outcome(providers(transformed), { a: 'xy' }));
  });

  it('checks the 50-tile layout by parsing, as the ping', () => {
    expect(parsesAsItEncodes(LayoutResponseSchema)).toBe(true);
  });

  it('tells how many of the contracts’ schemas take the fast path', () => {
    const schemas = Object.entries(contracts).filter(
      ([name, value]) =>
        name.endsWith('Schema') && typeof value === 'object' && value !== null && '_zod' in value,
    );
    const fast = schemas.filter(([, schema]) => parsesAsItEncodes(schema as $ZodType));
    // most answers are plain data; the request bodies with their transforms are not
    expect(fast.length).toBeGreaterThan(schemas.length / 2);
    expect(fast.length).toBeLessThan(schemas.length);
  });
});
