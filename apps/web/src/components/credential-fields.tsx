import type { ComponentProps } from 'react';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from '@aula/contracts';
import { FormField } from './form-field';

type FieldProps = Omit<ComponentProps<typeof FormField>, 'type' | 'autoComplete'>;

/**
 * A password input in a form's column: the length limit every password has, and which password it is for the
 * browser's password manager (`autoComplete`). `shown` writes it as plain text (a teacher reads a new password
 * out to a pupil); everything else (label, id, required, aria-*) is the form's.
 */
export function PasswordField({
  shown = false,
  ...field
}: FieldProps & { autoComplete: 'current-password' | 'new-password' | 'off'; shown?: boolean }) {
  return <FormField type={shown ? 'text' : 'password'} maxLength={MAX_PASSWORD_LENGTH} {...field} />;
}

/**
 * The account name a person signs in with: named `username` for password managers, written as typed (no
 * capitals or spelling fixes), in the direction of its text. `maxLength` may widen it where an e-mail address
 * is accepted too.
 */
export function UsernameField(field: Omit<FieldProps, 'name'>) {
  return (
    <FormField
      name="username"
      dir="auto"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={MAX_USERNAME_LENGTH}
      {...field}
    />
  );
}

/** The signed-in account's name, hidden, so a password manager ties a password typed beside it to the account. */
export function HiddenUsername({ username }: { username: string }) {
  return <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />;
}
