// The new files of an area (scripts/new-area.ts, issue 33 item 7, decision 091), modelled on the real areas:
// the contract like contracts/src/messages.ts, the module like modules/messages (schema, repo, service, routes),
// the web feature like features/sick (manifest with a lazy page, api/, the shared list page), the journey like
// e2e/sick-list.spec.ts. Each function returns a file's text; prettier formats them after writing.

export interface AreaNames {
  /** kebab-case, the folder name of the module and the feature and the path under /api and /app */
  kebab: string;
  /** camelCase: the locale section and the page name */
  camel: string;
  /** PascalCase: the contract's schemas and types */
  pascal: string;
  /** snake_case: the SQL name stem */
  snake: string;
  /** SCREAMING_SNAKE: constants */
  upper: string;
  /** the area's one table */
  table: string;
  /** the title per language */
  titles: Record<Locale, string>;
  /** the decision's number, three digits */
  decision: string;
}

export type Locale = 'de' | 'en' | 'fa' | 'ar';
export const LOCALES: readonly Locale[] = ['de', 'en', 'fa', 'ar'];

export function contractFile(n: AreaNames): string {
  return `import { z } from './zod.ts';
import { PageSchema, perPageSchema, text } from './text.ts';

// ${n.titles.en}: the entries of a school (decision ${n.decision}). Every request and answer of /api/${n.kebab}.

export const MAX_${n.upper}_TITLE = 200;
export const MAX_${n.upper}_PER_PAGE = 100;

export const ${n.pascal}ItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
});
export type ${n.pascal}Item = z.infer<typeof ${n.pascal}ItemSchema>;

export const ${n.pascal}PageSchema = z.object({ items: z.array(${n.pascal}ItemSchema), total: z.number().int() });
export type ${n.pascal}Page = z.infer<typeof ${n.pascal}PageSchema>;

export const ${n.pascal}ListQuerySchema = z.strictObject({
  page: PageSchema,
  perPage: perPageSchema(MAX_${n.upper}_PER_PAGE, 20),
});
export type ${n.pascal}ListQuery = z.infer<typeof ${n.pascal}ListQuerySchema>;

export const ${n.pascal}InputSchema = z.strictObject({ title: text().trim().min(1).max(MAX_${n.upper}_TITLE) });
export type ${n.pascal}Input = z.infer<typeof ${n.pascal}InputSchema>;
`;
}

export function schemaFile(n: AreaNames): string {
  return `// The tables the ${n.kebab} module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// ${n.titles.en} (decision ${n.decision}): one school's entries, each with who added it.
export const ${n.camel}Items = pgTable(
  '${n.table}',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('${n.table}_school').on(t.schoolId, t.createdAt)],
);
`;
}

export function repoFile(n: AreaNames): string {
  const t = `${n.camel}Items`;
  return `import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { ${t} } from '../../db/schema.ts';

const columns = { id: ${t}.id, title: ${t}.title, createdAt: ${t}.createdAt };

/** One page of the school's entries, newest first, with how many there are. */
export async function find${n.pascal}Page(db: Db, schoolId: number, page: number, perPage: number) {
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(${t})
      .where(eq(${t}.schoolId, schoolId))
      .orderBy(desc(${t}.createdAt), desc(${t}.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(${t}).where(eq(${t}.schoolId, schoolId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function find${n.pascal}Item(db: Db, schoolId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(${t})
    .where(and(eq(${t}.schoolId, schoolId), eq(${t}.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insert${n.pascal}Item(db: Db, schoolId: number, createdBy: number, title: string) {
  const [row] = await db
    .insert(${t})
    .values({ schoolId, createdBy, title })
    .returning({ id: ${t}.id });
  return row!.id;
}

export async function delete${n.pascal}Item(db: Db, schoolId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(${t})
    .where(and(eq(${t}.schoolId, schoolId), eq(${t}.id, id)))
    .returning({ id: ${t}.id });
  return rows.length > 0;
}
`;
}

export function serviceFile(n: AreaNames): string {
  return `import type { ${n.pascal}Input, ${n.pascal}Item, ${n.pascal}Page, OkResult } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  delete${n.pascal}Item,
  find${n.pascal}Item,
  find${n.pascal}Page,
  insert${n.pascal}Item,
} from './${n.kebab}.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof find${n.pascal}Item>>>;

const toItem = (row: Row): ${n.pascal}Item => ({
  id: row.id,
  title: row.title,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** GET /api/${n.kebab}: one page of the school's entries, for everyone signed in. */
export async function ${n.camel}Page(ctx: Ctx, page: number, perPage: number): Promise<${n.pascal}Page> {
  requireCaller(ctx);
  const { items, total } = await find${n.pascal}Page(ctx.db, ctx.schoolId, page, perPage);
  return { items: items.map(toItem), total };
}

/** POST /api/${n.kebab} (admins): a new entry of the school. */
export async function create${n.pascal}Item(ctx: Ctx, input: ${n.pascal}Input): Promise<${n.pascal}Item> {
  const user = requireCaller(ctx);
  const id = await insert${n.pascal}Item(ctx.db, ctx.schoolId, user.id, input.title);
  return toItem((await find${n.pascal}Item(ctx.db, ctx.schoolId, id))!);
}

/** DELETE /api/${n.kebab}/:id (admins): another school's entry, or none, is 404. */
export async function remove${n.pascal}Item(ctx: Ctx, id: number): Promise<OkResult> {
  if (!(await delete${n.pascal}Item(ctx.db, ctx.schoolId, id))) throw AppError.notFound();
  return { ok: true };
}
`;
}

export function routesFile(n: AreaNames): string {
  return `import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ${n.pascal}InputSchema,
  ${n.pascal}ItemSchema,
  ${n.pascal}ListQuerySchema,
  ${n.pascal}PageSchema,
  IdParamsSchema,
  OkResultSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { ${n.camel}Page, create${n.pascal}Item, remove${n.pascal}Item } from './${n.kebab}.service.ts';

const errors = errorResponses(400, 401, 403, 404, 422);

// ${n.titles.en} (decision ${n.decision}): everyone signed in reads the school's entries; admins write them
export const ${n.camel}Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/${n.kebab}',
    {
      schema: {
        tags: ['${n.kebab}'],
        summary: "One page of the school's entries, newest first",
        querystring: ${n.pascal}ListQuerySchema,
        response: { 200: ${n.pascal}PageSchema, ...errors },
      },
    },
    (req) => ${n.camel}Page(contextOf(req), req.query.page, req.query.perPage),
  );

  app.post(
    '/${n.kebab}',
    {
      schema: {
        tags: ['${n.kebab}'],
        summary: 'Add an entry (admins)',
        body: ${n.pascal}InputSchema,
        response: { 201: ${n.pascal}ItemSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await create${n.pascal}Item(contextOf(req), req.body)),
  );

  app.delete(
    '/${n.kebab}/:id',
    {
      schema: {
        tags: ['${n.kebab}'],
        summary: 'Delete an entry (admins)',
        params: IdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => remove${n.pascal}Item(contextOf(req), req.params.id),
  );
};
`;
}

/** The policy rows of the area's routes, as object-literal lines of its manifest. */
export function policyRows(n: AreaNames, ownAct: string): string {
  return `    // ${n.titles.en} (decision ${n.decision}): everyone signed in reads; admins add and delete
    'GET /api/${n.kebab}': { access: 'student', objects: 'school' },
    'POST /api/${n.kebab}': { access: 'admin', objects: 'school', ...${ownAct} },
    'DELETE /api/${n.kebab}/:id': { access: 'admin', objects: 'school', ...${ownAct} },
`;
}

export function manifestFile(n: AreaNames): string {
  return `// What ${n.kebab} contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { ${n.camel}Routes } from './${n.kebab}.routes.ts';

export const ${n.camel}Manifest: ModuleManifest = {
  name: '${n.kebab}',
  routes: [${n.camel}Routes],
  policy: {
${policyRows(n, 'OWN_ACT')}  },
};
`;
}

export function factoryFile(n: AreaNames): string {
  return `// The factory of ${n.kebab}'s entries (test/factories.ts): it writes through the schema, not the service.
import { ${n.camel}Items } from '../db/schema.ts';
import { uniqueName } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** An entry of \`schoolId\`, every column overridable. */
export async function make${n.pascal}Item(
  t: Pick<TestApp, 'database'>,
  schoolId: number,
  overrides: Partial<typeof ${n.camel}Items.$inferInsert> = {},
): Promise<typeof ${n.camel}Items.$inferSelect> {
  const [row] = await t.database.db
    .insert(${n.camel}Items)
    .values({ schoolId, title: uniqueName('${n.titles.de} '), ...overrides })
    .returning();
  return row!;
}
`;
}

export function intTestFile(n: AreaNames): string {
  return `import { beforeAll, describe, expect, it } from 'vitest';
import { ${n.pascal}PageSchema } from '@aula/contracts';
import { makeSchool } from '../../test/factories.ts';
import { make${n.pascal}Item } from '../../test/${n.kebab}-factory.ts';
import { call, callAs, demoSchoolId, loginAs, setUpTestApp } from '../../test/test-app.ts';

const t = setUpTestApp({ now: '2026-12-01T08:00:00Z' });
const cookies = new Map<string, string>();
let foreignId = 0;

beforeAll(async () => {
  const other = await makeSchool(t);
  foreignId = (await make${n.pascal}Item(t, other.id, { title: 'Fremd' })).id;
  for (const name of ['student', 'admin']) cookies.set(name, await loginAs(t.base, name));
});

const as = (actor: string, path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });

describe('${n.titles.en} (decision ${n.decision})', () => {
  it('visitors get 401; pupils read but may not add or delete (403)', async () => {
    expect((await call(t.base, '/api/${n.kebab}')).status).toBe(401);
    expect((await as('student', '/api/${n.kebab}')).status).toBe(200);
    expect((await as('student', '/api/${n.kebab}', { body: { title: 'X' } })).status).toBe(403);
    expect((await as('student', '/api/${n.kebab}/1', { method: 'DELETE' })).status).toBe(403);
  });

  it('an admin adds an entry that everyone of the school reads, newest first', async () => {
    const older = await make${n.pascal}Item(t, await demoSchoolId(t), { title: 'Älter' });
    const res = await as('admin', '/api/${n.kebab}', { body: { title: '  Neu  ' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ title: 'Neu' });
    const list = await callAs(${n.pascal}PageSchema, t.base, '/api/${n.kebab}', { cookie: cookies.get('student') });
    const titles = list.body.items.map((item) => item.title);
    expect(titles.indexOf('Neu')).toBeLessThan(titles.indexOf(older.title));
    expect(titles).not.toContain('Fremd');
  });

  it('refuses an empty title (400) and another school\\'s entry (404)', async () => {
    expect((await as('admin', '/api/${n.kebab}', { body: { title: '   ' } })).status).toBe(400);
    expect((await as('admin', \`/api/${n.kebab}/\${foreignId}\`, { method: 'DELETE' })).status).toBe(404);
  });

  it('an admin deletes an entry; a second delete is 404', async () => {
    const item = await make${n.pascal}Item(t, await demoSchoolId(t));
    expect((await as('admin', \`/api/${n.kebab}/\${item.id}\`, { method: 'DELETE' })).status).toBe(200);
    expect((await as('admin', \`/api/${n.kebab}/\${item.id}\`, { method: 'DELETE' })).status).toBe(404);
  });
});
`;
}

export function webManifestFile(n: AreaNames): string {
  return `import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';

/** ${n.titles.en} (decision ${n.decision}): its page (decision 089). */
export const ${n.camel}Manifest = {
  routes: [
    {
      path: '/app/${n.kebab}',
      staticData: { name: '${n.camel}', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/${n.kebab}-page'), '${n.pascal}Page'),
    },
  ],
} as const satisfies FeatureManifest;
`;
}

export function webApiFile(n: AreaNames): string {
  return `import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ${n.pascal}PageSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/${n.kebab}: one page of the school's entries. */
export function ${n.camel}ListQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: ['${n.kebab}', 'list', page, perPage],
    queryFn: ({ signal }) =>
      apiRequest(\`/api/${n.kebab}?page=\${page}&perPage=\${perPage}\`, {
        schema: ${n.pascal}PageSchema,
        requiresLogin: true,
        signal,
      }),
    // the next page keeps the old rows on screen until its rows are there
    placeholderData: keepPreviousData,
  });
}
`;
}

export function webPageFile(n: AreaNames): string {
  return `import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListPage, ListResults } from '@/components/list-page';
import { formatDateTime } from '@/lib/format';
import { ${n.camel}ListQueryOptions } from '../api/${n.kebab}-list';

export const ${n.upper}_PER_PAGE = 20;

/** /app/${n.kebab} (decision ${n.decision}): the school's entries, newest first, a page at a time. */
export function ${n.pascal}Page() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery(${n.camel}ListQueryOptions(page, ${n.upper}_PER_PAGE));
  return (
    <ListPage title={t('pages.${n.camel}')} intro={t('${n.camel}.intro')}>
      <ListResults
        label={t('${n.camel}.list')}
        query={list}
        page={page}
        perPage={${n.upper}_PER_PAGE}
        loading={t('${n.camel}.loading')}
        skeleton={['h-5 w-48', 'h-4 w-32', 'h-4 w-24']}
        empty={
          <ListEmpty>
            <p>{t('${n.camel}.none')}</p>
          </ListEmpty>
        }
        onPage={setPage}
        renderItem={(item) => (
          <article aria-label={item.title} className="grid gap-1 rounded-lg border p-4">
            <h2 className="font-semibold">{item.title}</h2>
            <p className="text-sm text-muted-foreground">
              {t('${n.camel}.createdAt', { when: formatDateTime(new Date(item.createdAt)) })}
            </p>
          </article>
        )}
      />
    </ListPage>
  );
}
`;
}

export function webTestFile(n: AreaNames): string {
  return `import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar.json';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fa from '@/locales/fa.json';
import { ${n.camel}Manifest } from './manifest';

const locales = { de, en, fa, ar };

describe('the ${n.kebab} feature (decision ${n.decision})', () => {
  it('has its page at /app/${n.kebab}, for the signed-in', () => {
    expect(${n.camel}Manifest.routes.map((route) => [route.path, route.staticData.access])).toEqual([
      ['/app/${n.kebab}', 'loggedIn'],
    ]);
  });

  it('has its page name and every text in all four languages', () => {
    const keys = Object.keys(de.${n.camel}).sort();
    for (const [locale, texts] of Object.entries(locales)) {
      expect(texts.pages.${n.camel}, locale).not.toBe('');
      expect(Object.keys(texts.${n.camel}).sort(), locale).toEqual(keys);
      for (const key of keys) expect(texts.${n.camel}[key as keyof typeof de.${n.camel}], \`\${locale} \${key}\`).toMatch(/\\S/);
    }
  });
});
`;
}

export function e2eFile(n: AreaNames): string {
  return `import { describe, expect, it } from 'vitest';
import type { ${n.pascal}Item } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();

/** POST /api/${n.kebab} as the admin: an entry everyone of the school then sees. */
async function add(title: string): Promise<${n.pascal}Item> {
  const cookie = await loginAs(journey.portal.base, 'admin');
  const res = await call<${n.pascal}Item>(journey.portal.base, '/api/${n.kebab}', { cookie, body: { title } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('${n.titles.en} (decision ${n.decision})', () => {
  it('a pupil sees the entry the admin added', async () => {
    await add('Erster Eintrag');
    const page = await journey.openSignedIn('student', '/app/${n.kebab}');
    await page.getByRole('heading', { level: 1, name: de.pages.${n.camel} }).waitFor();
    await page.getByRole('article', { name: 'Erster Eintrag', exact: true }).waitFor();
    await page.context().close();
  });

  it.each(LOOKS)(
    'passes axe and stays on the screen ($locale, $width px, $colorScheme)',
    { timeout: 60_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('student', '/app/${n.kebab}', look);
      await page.getByRole('heading', { level: 1, name: t.pages.${n.camel} }).waitFor();
      await page.getByRole('article').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, \`${n.kebab} \${look.locale}\`);
      await page.screenshot({
        path: \`\${screenshotDir}/${n.kebab}-\${look.locale}-\${look.width}-\${look.colorScheme}.png\`,
        fullPage: true,
      });
      await page.context().close();
    },
  );
});
`;
}

export function decisionFile(n: AreaNames): string {
  return `# ${n.decision}: ${n.titles.en}

Status: accepted

## Context

The area \`${n.kebab}\` was started with \`npm run new-area -- ${n.kebab}\` (decision 091): a table of the school's
entries, read by everyone signed in and written by admins. What it is for, which part of the spec asks for it
and what is left open there goes here.

## Decision

- One table \`${n.table}\`, owned by the module \`${n.kebab}\`; routes under \`/api/${n.kebab}\`, the page
  \`/app/${n.kebab}\`.
- Who may do what: every signed-in user reads the entries of their school, admins add and delete them
  (policy rows of the module); a superadmin impersonating may not write in the user's name (decision 081).
- Not yet: a feature switch (\`FEATURE_AREAS\` and \`feature\` on the rows, decision 085), audit actions, a
  dialog, a dashboard tab, a tile type, events to other areas. Each is a registry named in
  docs/ARCHITECTURE.md "Adding an area".

## Consequences

The area's texts are in the four locale files under \`${n.camel}\` and \`pages.${n.camel}\`; its journey
\`e2e/${n.kebab}.spec.ts\` checks the page with axe. Changing the rules above means changing the policy rows,
the service and its integration test together.
`;
}

/** The texts of the area in each language: its title and the generic strings of a list page. */
export function localeTexts(): Record<Locale, Record<string, string>> {
  return {
    de: {
      intro: 'Hier siehst du die Einträge deiner Schule.',
      list: 'Einträge',
      loading: 'Einträge werden geladen …',
      none: 'Noch keine Einträge.',
      createdAt: 'Hinzugefügt am {{when}}',
    },
    en: {
      intro: 'Here you see the entries of your school.',
      list: 'Entries',
      loading: 'Loading entries …',
      none: 'No entries yet.',
      createdAt: 'Added on {{when}}',
    },
    fa: {
      intro: 'اینجا مدخل‌های مدرسهٔ خود را می‌بینید.',
      list: 'مدخل‌ها',
      loading: 'در حال بارگذاری مدخل‌ها …',
      none: 'هنوز مدخلی وجود ندارد.',
      createdAt: 'افزوده‌شده در {{when}}',
    },
    ar: {
      intro: 'هنا ترى إدخالات مدرستك.',
      list: 'الإدخالات',
      loading: 'جارٍ تحميل الإدخالات …',
      none: 'لا توجد إدخالات بعد.',
      createdAt: 'أُضيف في {{when}}',
    },
  };
}
