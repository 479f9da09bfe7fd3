// The bench's bare reference (issue 17, item 8): a Fastify with nothing but two routes on the same PostgreSQL
// database as the real server, started as its own process by run.ts. What Aula's ping and layout must at
// least do, without plugins, hooks, schemas or a query builder per request:
// - POST /bare/alive: hash the access cookie as Aula does, one indexed read of sessions, answer 200 or 401;
// - GET /bare/layout: Aula's own session check and layout statements (rendered once from its query builders),
//   answered as JSON.
import Fastify from 'fastify';
import pg from 'pg';
import { Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema } from '../apps/server/src/db/index.ts';
import { tileColumns } from '../apps/server/src/db/columns.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import { sessionByAccessHashQuery } from '../apps/server/src/modules/auth/auth.repo.ts';
import { layoutsQuery } from '../apps/server/src/modules/layout/layout.repo.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const mock = drizzle.mock({ schema }) as unknown as Parameters<typeof layoutsQuery>[0];

/** A drizzle statement as SQL text once, with a function that fills in its placeholders. */
function statement(name: string, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  return (values: Record<string, unknown>): pg.QueryArrayConfig => ({
    name,
    text,
    values: params.map((p) => (p instanceof Placeholder ? values[p.name as string] : p)),
    rowMode: 'array',
  });
}

const session = statement('bare_session', sessionByAccessHashQuery(mock));
const layouts = statement('bare_layouts', layoutsQuery(mock));
const LAYOUT_FIELDS = [
  'appsVersion',
  'layouts',
  'opens',
  'layoutId',
  'category',
  'updateId',
  'isNew',
  ...Object.keys(tileColumns),
];
const IS_NEW = LAYOUT_FIELDS.indexOf('isNew');

const schoolId = (await pool.query<{ id: number }>('select id from schools order by id limit 1')).rows[0]!.id;
const accessCookie = /(?:^|;\s*)aula_at=([^;]+)/;

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));

app.post('/bare/alive', async (req, reply) => {
  const token = accessCookie.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ code: 'auth.unauthorized' });
  const { rows } = await pool.query({
    name: 'bare_alive',
    text: 'select id, revoked_at, access_expires_at from sessions where access_token_hash = $1 and school_id = $2 limit 1',
    values: [hashToken(token), schoolId],
  });
  const row = rows[0] as { revoked_at: Date | null; access_expires_at: Date } | undefined;
  if (!row || row.revoked_at || row.access_expires_at <= new Date())
    return reply.code(401).send({ code: 'auth.unauthorized' });
  return { now: Date.now() };
});

app.get('/bare/layout', async (req, reply) => {
  const token = accessCookie.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ code: 'auth.unauthorized' });
  const found = await pool.query(session({ accessTokenHash: hashToken(token), schoolId }));
  // the session's columns come first, then the user's: the second "id" is the user's
  const userIdAt = found.fields.findIndex((f, i) => i > 0 && f.name === 'id');
  const userId = found.rows[0]?.[userIdAt] as number | undefined;
  if (userId === undefined) return reply.code(401).send({ code: 'auth.unauthorized' });
  const { rows } = await pool.query(
    layouts({
      schoolId,
      userId,
      category1: 'personal',
      owner1: userId,
      category2: 'logged-in',
      owner2: 0,
    }),
  );
  const layout = rows
    .filter((row) => row[IS_NEW + 1] !== null)
    .map((row) => Object.fromEntries(row.map((value, i) => [LAYOUT_FIELDS[i], value]).slice(IS_NEW)));
  const version = rows[0] ? rows[0].slice(0, 3).join('|') : '';
  return { layoutType: 'personal', layout, unused: [], updateId: rows[0]?.[5] ?? 0, version };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// ends through exit, so a --cpu-prof of this process (BENCH_BARE_NODE_ARGS) is written when the bench stops it
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
