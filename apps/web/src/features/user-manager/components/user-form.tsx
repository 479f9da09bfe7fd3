import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  EMAIL_PATTERN,
  USERNAME_PATTERN,
  hasRole,
  normalizeName,
  type ManagedUser,
  type UserType,
} from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/dialog';
import { GroupCheckboxes } from '@/components/group-checkboxes';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { groupsQueryOptions } from '@/lib/groups';
import { useSaveUser } from '../api/save-user';
import { fullName } from './user-search';

type Field = 'username' | 'first_name' | 'last_name' | 'email';

/** The fields the server named in a 400 (issues) or a 422 (a taken username). */
function serverFields(error: unknown): Set<string> {
  if (!(error instanceof ApiError)) return new Set();
  const body = error.errorBody;
  if (body?.code === 'users.username_taken') return new Set(['username']);
  return new Set((body?.issues ?? []).map((issue) => issue.path.replace(/^body\./, '').split('.')[0]!));
}

/**
 * Create (admins) or edit a user. Teachers change the names and e-mail of their students only;
 * the admin role is given by superadmins (decision 033). What was typed stays when saving fails.
 */
export function UserForm({ user, onDone }: { user: ManagedUser | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const self = useSelf();
  const isAdmin = hasRole(self, 'admin');
  const isSuperadmin = hasRole(self, 'superadmin');
  const groups = useQuery({ ...groupsQueryOptions(), enabled: isAdmin });
  const save = useSaveUser();
  const [values, setValues] = useState<Record<Field, string>>({
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
  });
  const [type, setType] = useState<UserType>(user?.type ?? 'S');
  const [admin, setAdmin] = useState(user?.roles.includes('admin') ?? false);
  const [groupIds, setGroupIds] = useState<number[]>(user?.groups.map((g) => g.id) ?? []);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const localErrors = (): Set<string> => {
    const bad = new Set<string>();
    if (isAdmin && !USERNAME_PATTERN.test(values.username.trim())) bad.add('username');
    if (isAdmin && values.username.trim().length < 2) bad.add('username');
    // the server's normaliser (decision 081): a name of invisible characters only is no name
    if (!normalizeName(values.first_name)) bad.add('first_name');
    if (!normalizeName(values.last_name)) bad.add('last_name');
    if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim())) bad.add('email');
    return bad;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bad = localErrors();
    setInvalid(bad);
    if (bad.size) return;
    const names = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim() || null,
    };
    const roles = [
      ...(user?.roles.includes('superadmin') ? (['superadmin'] as const) : []),
      ...(admin ? (['admin'] as const) : []),
    ];
    const adminFields = {
      username: values.username.trim(),
      type,
      groupIds,
      ...(isSuperadmin ? { roles } : {}),
    };
    save.mutate(
      user
        ? { id: user.id, update: { ...names, ...(isAdmin ? adminFields : {}) } }
        : { id: null, create: { ...names, ...adminFields } },
      {
        onSuccess: (saved) => {
          notify({
            type: 'success',
            title: t(user ? 'userManager.saved' : 'userManager.created', { name: fullName(saved) }),
            ...(user ? {} : { description: t('userManager.createdHint') }),
          });
          onDone();
        },
      },
    );
  };

  const shown = new Set([...invalid, ...serverFields(save.error)]);
  const errorId = `${id}-error`;
  const field = (name: Field, label: string, extra: Record<string, unknown> = {}) => (
    <FormField
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name)}
      aria-invalid={shown.has(name) || undefined}
      aria-describedby={shown.has(name) ? errorId : undefined}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ErrorAlert
        id={errorId}
        message={
          invalid.size > 0 ? t('userManager.checkFields') : save.error ? errorMessage(t, save.error) : null
        }
      />
      <div className="grid gap-4 desktop:grid-cols-2">
        {field('first_name', t('userManager.firstName'), {
          autoComplete: 'off',
          required: true,
          maxLength: 100,
        })}
        {field('last_name', t('userManager.lastName'), {
          autoComplete: 'off',
          required: true,
          maxLength: 100,
        })}
        {isAdmin &&
          field('username', t('userManager.username'), {
            autoComplete: 'off',
            dir: 'ltr',
            required: true,
            maxLength: 64,
            hint: t('userManager.usernameHint'),
          })}
        {field('email', t('userManager.email'), {
          type: 'email',
          dir: 'ltr',
          autoComplete: 'off',
          maxLength: 254,
        })}
      </div>
      {isAdmin && (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('userManager.type')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['S', 'L'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    className="size-4 accent-primary"
                  />
                  {t(value === 'S' ? 'userManager.roles.student' : 'userManager.roles.teacher')}
                </label>
              ))}
            </div>
          </fieldset>
          {isSuperadmin && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={admin}
                onChange={(event) => setAdmin(event.target.checked)}
                className="size-4 accent-primary"
              />
              {t('userManager.adminRole')}
            </label>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('userManager.groups')}</legend>
            {groups.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                {t('common.loading')}
              </p>
            ) : (
              <GroupCheckboxes
                groups={groups.data ?? []}
                selected={groupIds}
                onChange={setGroupIds}
                className="max-h-40 overflow-y-auto"
              />
            )}
          </fieldset>
        </>
      )}
      {!isAdmin && <p className="text-sm text-muted-foreground">{t('userManager.teacherEditHint')}</p>}
      <FormFooter
        pending={save.isPending}
        cancel={
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common.back')}
          </Button>
        }
        submit={user ? t('common.save') : t('userManager.create')}
      />
    </form>
  );
}
