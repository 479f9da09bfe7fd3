import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PushContactBodySchema } from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSetPushContact } from '../api/set-push-contact';

/**
 * Issue 23 item 1: the address push services see in the VAPID token (`mailto:` or `https:`), checked with the
 * contract's schema before it is sent; a refused address stays in the field with the reason below it.
 */
export function PushContactForm({ contact }: { contact: string }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetPushContact();
  const [value, setValue] = useState(contact);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PushContactBodySchema.safeParse({ contact: value.trim() });
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(parsed.data, {
      onSuccess: () => notify({ type: 'success', title: t('pushAdmin.contact.saved') }),
    });
  };

  const error = invalid ? t('pushAdmin.contact.invalid') : save.error ? errorMessage(t, save.error) : null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('pushAdmin.contact.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          id={`${id}-contact`}
          type="text"
          inputMode="email"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          label={t('pushAdmin.contact.label')}
          hint={t('pushAdmin.contact.hint')}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          className="text-start"
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
        />
        <ErrorAlert id={`${id}-error`} message={error} />
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
