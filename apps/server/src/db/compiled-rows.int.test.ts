import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hashToken } from '../lib/tokens.ts';
import {
  findSessionByAccessHash,
  findSessionOnlyByAccessHash,
  sessionByAccessHashQuery,
  sessionOnlyByAccessHashQuery,
} from '../modules/auth/auth.repo.ts';
import { layoutsQuery } from '../modules/layout/layout.repo.ts';
import { demoSchoolId, loginAs, setUpTestApp, userIds } from '../test/test-app.ts';
import { compileRowMapper, withCompiledRows } from './compiled-rows.ts';
import { layouts, schools, sessions, users } from './schema.ts';

// The hot statements map their rows with a mapper compiled once (decision 093): it must give exactly what
// drizzle's own mapping gives for the same statement on the same rows: values, nulls, Dates, nesting, key order.
const t = setUpTestApp();
const db = () => t.database.db;
let schoolId: number;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

/** Equal values and the same keys in the same order, at every level. */
function expectSame(compiled: unknown, drizzle: unknown): void {
  expect(compiled).toStrictEqual(drizzle);
  const keys = (value: unknown): unknown =>
    value && typeof value === 'object' && !(value instanceof Date)
      ? Array.isArray(value)
        ? value.map(keys)
        : Object.entries(value).map(([k, v]) => [k, keys(v)])
      : null;
  expect(keys(compiled)).toEqual(keys(drizzle));
}

const tokenHash = (cookie: string) => hashToken(/aula_at=([^;]+)/.exec(cookie)![1]!);

describe('rows mapped by a compiled mapper', () => {
  it('the session checks give what drizzle gives, for a live and for a revoked session', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    const values = { accessTokenHash: tokenHash(cookie), schoolId };
    for (const revoke of [false, true]) {
      if (revoke)
        await db()
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(eq(sessions.accessTokenHash, values.accessTokenHash));
      const [full] = await sessionByAccessHashQuery(db()).execute(values);
      expect(full?.user.groupIds.length).toBeGreaterThan(0);
      expect(full?.session.revokedAt instanceof Date).toBe(revoke);
      expectSame(await findSessionByAccessHash(db(), schoolId, values.accessTokenHash), full);
      const [only] = await sessionOnlyByAccessHashQuery(db()).execute(values);
      expectSame(await findSessionOnlyByAccessHash(db(), schoolId, values.accessTokenHash), only);
    }
  });

  it("the layout statement gives what drizzle gives: a user's tiles, a visitor's, and a layout nobody has", async () => {
    const ids = await userIds(t);
    const compiled = withCompiledRows(layoutsQuery(db()).prepare('compiled_rows_test_layouts'));
    const cases = [
      { userId: ids.get('student')!, category1: 'personal', owner1: ids.get('student')! },
      { userId: ids.get('teacher')!, category1: 'logged-in', owner1: 0 },
      { userId: 0, category1: 'logged-out', owner1: 0 },
      // no such layout: one row of the school with every layout and tile column null
      { userId: ids.get('admin')!, category1: 'personal', owner1: -1 },
    ];
    let tiles = 0;
    for (const wanted of cases) {
      const values = { schoolId, ...wanted, category2: wanted.category1, owner2: wanted.owner1 };
      const rows = await layoutsQuery(db()).execute(values);
      tiles += rows.filter((row) => row.tile.id !== null).length;
      expectSame(await compiled.execute(values), rows);
    }
    expect(tiles).toBeGreaterThan(0);
  });

  it('a left-joined table that found nothing is null, as drizzle makes it; an object of two tables is not', async () => {
    const query = db()
      .select({
        id: schools.id,
        layout: { id: layouts.id, category: layouts.category },
        mixed: { layoutId: layouts.id, userId: users.id },
        count: sql<number>`1`.mapWith(Number),
      })
      .from(schools)
      .leftJoin(layouts, sql`false`)
      .leftJoin(users, sql`false`)
      .where(eq(schools.id, schoolId));
    const rows = await query.execute();
    expect(rows[0]?.layout).toBeNull();
    expect(rows[0]?.mixed).toEqual({ layoutId: null, userId: null });
    expectSame(await withCompiledRows(query.prepare('compiled_rows_test_nulls')).execute(), rows);
    // the mapper on its own: a row whose left-joined table did answer keeps its object
    const { fields, joinsNotNullableMap } = query.prepare('compiled_rows_test_fields') as unknown as {
      fields: Parameters<typeof compileRowMapper>[0];
      joinsNotNullableMap: Record<string, boolean>;
    };
    const [found] = compileRowMapper(fields, joinsNotNullableMap)([[1, 7, 'personal', 7, null, '1']]);
    expect(found).toEqual({
      id: 1,
      layout: { id: 7, category: 'personal' },
      mixed: { layoutId: 7, userId: null },
      count: 1,
    });
  });
  it("on node-postgres, a compiled statement's value parsers come from memory, and they are drizzle's", async () => {
    type Parsers = { getTypeParser(typeId: number, format: string): (value: string) => unknown };
    const configOf = (prepared: unknown) => (prepared as { queryConfig?: { types: Parsers } }).queryConfig;
    const compiled = configOf(
      withCompiledRows(sessionByAccessHashQuery(db()).prepare('compiled_rows_test_types')),
    );
    const plain = configOf(sessionByAccessHashQuery(db()).prepare('compiled_rows_test_types_plain'));
    if (t.database.kind !== 'postgres') {
      // PGlite's statements carry a fixed parser map, not pg's table: nothing to remember
      expect(compiled?.types).toBeUndefined();
      return;
    }
    // timestamptz (1184), int4 (23), text (25), bool (16), int4[] (1007)
    for (const typeId of [1184, 23, 25, 16, 1007]) {
      const parser = compiled!.types.getTypeParser(typeId, 'text');
      expect(compiled!.types.getTypeParser(typeId, 'text')).toBe(parser);
      for (const value of ['2026-12-03 12:00:00.123+00', '42', 't', '{1,2}'])
        expect(parser(value)).toStrictEqual(plain!.types.getTypeParser(typeId, 'text')(value));
    }
    // the canary: drizzle's own table makes a new function each time it is asked for a timestamp's parser
    expect(plain!.types.getTypeParser(1184, 'text')).not.toBe(plain!.types.getTypeParser(1184, 'text'));
  });
});
