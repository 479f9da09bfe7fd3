// The person columns and the display-name rule in SQL, owned by the owner of the users table (issue 33 "one
// server kit"); every area's repo selects a person through them. The rule in TypeScript is person.ts's.
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

/** The columns a display name is built from (`displayName` in person.ts). */
export const personNameColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

/** A person of the school as areas read them: `PersonRow` in person.ts. */
export const personColumns = {
  id: users.id,
  laraId: users.laraId,
  ...personNameColumns,
  type: users.type,
};

/**
 * The display name in SQL, of the users row named `alias` (`"users"` for the table itself, which drizzle
 * would write without its name inside a subquery's select list): "first last", or the username when both
 * are empty (`displayName` in person.ts).
 */
export const displayNameSql = (alias: string): SQL =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);

/** A search for a person: the pattern (a LIKE pattern) matches a name part, the username or "first last". */
export const nameMatches = (pattern: string): SQL =>
  sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or ${users.username} ilike ${pattern}
        or ${users.firstName} || ' ' || ${users.lastName} ilike ${pattern})`;
