// The users table's reads and writes that user administration (modules/user-admin) and the people lookups
// need, by the table's owner (docs/ARCHITECTURE.md "Tables and their owners"): another module calls a
// service, never a repo. Each takes the database or the caller's transaction first.
export { findManagedUser, setUserBlocked } from './user-admin.repo.ts';
export {
  findManagedUserRow,
  findUsers,
  insertUser,
  isUsernameTaken,
  setAdminPassword,
  updateUserFields,
  type ManagedUserRow,
} from './user-manager.repo.ts';
export { findNamesMet } from './people-reach.repo.ts';
export { findUserById, isBrowserSession } from './users.repo.ts';
