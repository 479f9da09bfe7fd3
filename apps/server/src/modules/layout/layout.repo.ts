import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { LayoutType } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { bubbleColumns, type BubbleRow } from '../../db/columns.ts';
import { apps, layoutItems, layouts, users } from '../../db/schema.ts';

export interface LayoutWanted {
  category: LayoutType;
  ownerId: number | null;
}

/** Several layouts with their bubbles in order, in one query (the home page's hot path). */
export async function findLayoutsWithBubbles(db: Db, schoolId: number, wanted: LayoutWanted[]) {
  const which: SQL[] = wanted.map((w) =>
    and(
      eq(layouts.category, w.category),
      w.ownerId === null ? isNull(layouts.ownerId) : eq(layouts.ownerId, w.ownerId),
    )!,
  );
  const rows = await db
    .select({ category: layouts.category, updateId: layouts.updateId, bubble: bubbleColumns })
    .from(layouts)
    .leftJoin(layoutItems, eq(layoutItems.layoutId, layouts.id))
    .leftJoin(apps, and(eq(apps.id, layoutItems.appId), eq(apps.schoolId, schoolId)))
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(and(eq(layouts.schoolId, schoolId), or(...which)))
    .orderBy(asc(layouts.category), asc(layoutItems.position));
  const result = new Map<LayoutType, { updateId: number; bubbles: BubbleRow[] }>();
  for (const row of rows) {
    const entry = result.get(row.category) ?? { updateId: row.updateId, bubbles: [] };
    result.set(row.category, entry);
    // a layout without items yields one row whose bubble columns are all null
    if (row.bubble.id !== null) entry.bubbles.push(row.bubble as BubbleRow);
  }
  return result;
}

export async function insertLayout(
  db: Db,
  values: { schoolId: number; category: LayoutType; ownerId: number | null; appIds: number[] },
): Promise<number> {
  const [layout] = await db
    .insert(layouts)
    .values({ schoolId: values.schoolId, category: values.category, ownerId: values.ownerId })
    .returning({ id: layouts.id });
  if (values.appIds.length > 0) {
    await db.insert(layoutItems).values(
      values.appIds.map((appId, position) => ({
        schoolId: values.schoolId,
        layoutId: layout!.id,
        appId,
        position,
      })),
    );
  }
  return layout!.id;
}
