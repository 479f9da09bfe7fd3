// A person as other areas show them (issue 33 "one server kit"): the owner of the users table says once how a
// display name is built. The columns and the same rule in SQL are in person.repo.ts.

/** The parts of a user a display name is built from. */
export interface PersonName {
  firstName: string;
  lastName: string;
  username: string;
}

/** A person as a repo reads them (`personColumns` in person.repo.ts). */
export interface PersonRow extends PersonName {
  id: number;
  laraId: string;
  type: string;
}

/** "First Last", or the username when both names are empty (`displayNameSql` is the same rule in SQL). */
export function displayName(p: PersonName): string {
  return `${p.firstName} ${p.lastName}`.trim() || p.username;
}
