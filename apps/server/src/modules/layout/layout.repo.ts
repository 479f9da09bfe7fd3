import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { LayoutType } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { layoutItems, layouts } from '../../db/schema.ts';

export async function findLayout(db: Db, schoolId: number, category: LayoutType, ownerId: number | null) {
  const owner: SQL = ownerId === null ? isNull(layouts.ownerId) : eq(layouts.ownerId, ownerId);
  const [layout] = await db
    .select({ id: layouts.id, updateId: layouts.updateId })
    .from(layouts)
    .where(and(eq(layouts.schoolId, schoolId), eq(layouts.category, category), owner))
    .limit(1);
  if (!layout) return null;
  const items = await db
    .select({ appId: layoutItems.appId })
    .from(layoutItems)
    .where(eq(layoutItems.layoutId, layout.id))
    .orderBy(asc(layoutItems.position));
  return { ...layout, appIds: items.map((i) => i.appId) };
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
      values.appIds.map((appId, position) => ({ schoolId: values.schoolId, layoutId: layout!.id, appId, position })),
    );
  }
  return layout!.id;
}
