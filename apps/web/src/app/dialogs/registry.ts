import { hasRole, type UserInfo } from '@aula/contracts';
import type { DialogEntry, FeatureManifest } from '@/lib/feature-manifest';
import { FEATURE_MANIFESTS } from '../features';

export type { DialogEntry } from '@/lib/feature-manifest';

/** Each listed manifest's dialogs as one object type (their names are distinct: features.test.ts). */
type ListedDialogs<L extends readonly FeatureManifest[]> = UnionToIntersection<
  L[number] extends infer M ? (M extends { dialogs: infer D } ? D : never) : never
>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The dialogs of the listed features, by name. */
export function dialogsOf<const L extends readonly FeatureManifest[]>(manifests: L): ListedDialogs<L> {
  return Object.assign({}, ...manifests.map((manifest) => manifest.dialogs)) as ListedDialogs<L>;
}

/**
 * spec 2.5: every dialog name and who may open it, from the features' manifests (decision 089). Names of a
 * family are `family:name`. Each dialog's code is in its feature's dialog-code.ts, which comes with the dialog
 * frame on the first open (dialog-components.ts, docs/decisions/020-dialogs.md): the first screen carries only
 * this table, not the dialogs' file names and their preload lists.
 */
export const DIALOGS = dialogsOf(FEATURE_MANIFESTS);

export type DialogId = keyof typeof DIALOGS;

export function isDialogId(id: string): id is DialogId {
  return Object.hasOwn(DIALOGS, id);
}

/** Whether this user may see the dialog: its role, or its exception (spec 6). */
export function mayOpenDialog(self: UserInfo | null, id: DialogId): boolean {
  const dialog: DialogEntry = DIALOGS[id];
  return hasRole(self, dialog.role) || (self !== null && dialog.alsoFor?.(self) === true);
}
