import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';

/** What the TOTP routes need of a user: the sealed seeds, the last step and the password hash. */
export async function findTotpUser(db: Db, schoolId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpPendingAt: users.totpPendingAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}
