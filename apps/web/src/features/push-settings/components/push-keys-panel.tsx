import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { KeyRound, RefreshCw } from 'lucide-react';
import { PushBackendBodySchema } from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useChangePushKeys, type PushBackendBody } from '../api/change-push-keys';

/** Asked before the key pair changes: every device must subscribe again, as push services refuse the old key. */
function ConfirmKeysDialog({
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  action: PushBackendBody['action'];
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogFrame
        title={t(`pushAdmin.keys.confirm.${action}Title`)}
        description={t('pushAdmin.keys.confirm.body')}
        footer={
          <>
            <Button variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button variant="destructive" loading={pending} onClick={onConfirm}>
              {t(`pushAdmin.keys.confirm.${action}`)}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** Which import fields the contract refuses, by their labels; null when both keys are well-formed. */
function invalidFields(t: TFunction, publicKey: string, privateKey: string): string | null {
  const parsed = PushBackendBodySchema.safeParse({ action: 'import', publicKey, privateKey });
  if (parsed.success) return null;
  const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const both = !paths.has('publicKey') && !paths.has('privateKey');
  return [
    both || paths.has('publicKey') ? t('pushAdmin.keys.import.publicKey') : null,
    both || paths.has('privateKey') ? t('pushAdmin.keys.import.privateKey') : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Issue 23 item 1 (superadmins): a new key pair, or one the school already has. Both go through a
 * confirmation that says every device must subscribe again; the private key is write-only.
 */
export function PushKeysPanel() {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangePushKeys();
  const [asking, setAsking] = useState<PushBackendBody | null>(null);
  const [publicKey, setPublicKey] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [importError, setImportError] = useState<string | null>(null);
  const [lastAction, setLastAction] = useState<PushBackendBody['action'] | null>(null);

  const confirm = () => {
    if (!asking) return;
    setLastAction(asking.action);
    change.mutate(asking, {
      onSuccess: () => {
        if (asking.action === 'import') {
          setPublicKey('');
          setPrivateKey('');
        }
        notify({ type: 'success', title: t(`pushAdmin.keys.done.${asking.action}`) });
      },
      onSettled: () => setAsking(null),
    });
  };

  const onImport = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = invalidFields(t, publicKey.trim(), privateKey.trim());
    if (fields) {
      setImportError(t('pushAdmin.keys.import.invalid', { fields }));
      return;
    }
    setImportError(null);
    setAsking({ action: 'import', publicKey: publicKey.trim(), privateKey: privateKey.trim() });
  };

  const serverError = change.error ? errorMessage(t, change.error) : null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('pushAdmin.keys.title')}
      </h2>
      <p className="text-sm">{t('pushAdmin.keys.intro')}</p>
      <div className="grid gap-2">
        <div>
          <Button type="button" variant="outline" onClick={() => setAsking({ action: 'rotate' })}>
            <RefreshCw aria-hidden="true" />
            {t('pushAdmin.keys.confirm.rotate')}
          </Button>
        </div>
        <ErrorAlert message={lastAction === 'rotate' ? serverError : null} />
      </div>
      <form noValidate onSubmit={onImport} className="grid gap-4 border-t pt-4">
        <h3 className="font-semibold">{t('pushAdmin.keys.import.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('pushAdmin.keys.import.intro')}</p>
        <FormField
          id={`${id}-public`}
          type="text"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          label={t('pushAdmin.keys.import.publicKey')}
          hint={t('pushAdmin.keys.import.publicHint')}
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
        />
        <FormField
          id={`${id}-private`}
          type="password"
          dir="ltr"
          autoComplete="new-password"
          spellCheck={false}
          className="font-mono"
          label={t('pushAdmin.keys.import.privateKey')}
          hint={t('pushAdmin.keys.import.privateHint')}
          value={privateKey}
          onChange={(event) => setPrivateKey(event.target.value)}
        />
        <ErrorAlert message={importError ?? (lastAction === 'import' ? serverError : null)} />
        <div className="flex justify-end">
          <Button type="submit" variant="outline">
            <KeyRound aria-hidden="true" />
            {t('pushAdmin.keys.confirm.import')}
          </Button>
        </div>
      </form>
      {asking && (
        <ConfirmKeysDialog
          action={asking.action}
          pending={change.isPending}
          onCancel={() => !change.isPending && setAsking(null)}
          onConfirm={confirm}
        />
      )}
    </section>
  );
}
