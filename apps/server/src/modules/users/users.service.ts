import { SelectedLangSchema, StoredRoleSchema, type UserInfo } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGroupsOfUser, findUserById } from './users.repo.ts';

/** spec 3.3: the user info the client sees */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound();
  const groups = await findGroupsOfUser(db, userId);
  const lang = SelectedLangSchema.safeParse(user.selectedLang);
  return {
    id: user.id,
    lara_id: user.laraId,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.roles.filter((r) => StoredRoleSchema.safeParse(r).success) as UserInfo['roles'],
    type: user.type,
    groups,
    sitePolicyAccepted: user.sitePolicyAccepted,
    selected_theme: user.selectedTheme,
    selected_lang: lang.success ? lang.data : 'auto',
  };
}
