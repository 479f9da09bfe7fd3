import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Send } from 'lucide-react';
import { addDays, MAX_SICK_MESSAGE, sickMaxDays, type Student } from '@aula/contracts';
import { CheckedField, useFieldMessages } from '@/components/form-kit';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { FormDialog } from '@/components/form-dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { configFlag, useConfig } from '@/lib/config';
import type { DialogProps } from '@/lib/dialogs';
import { focusFirstIssue } from '@/lib/form-issues';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { useCreateSickNotice } from '../api/create-sick-notice';
import { browserToday, checkSickForm, fieldOfServerError, sickFormData } from '../lib/sick-form';
import { StudentPicker } from './student-picker';

// the camera and its preview load only when the school takes photos and the form opens the photo part
const PhotoSection = lazy(() => import('./photo-section'));

/**
 * spec 2.5 `sick`: report sick for oneself, or (teachers, admins) for a pupil after a parent's call. Every rule of
 * spec 5 is checked here first and shown at its field; the server's answer is shown the same way, and whatever
 * was typed (dates, message, pupil, photo) stays in the open dialog on any error.
 */
function SickForm({
  close,
  mayPickStudent,
  impersonating,
}: {
  close: () => void;
  mayPickStudent: boolean;
  /** decision 081: a superadmin acting as the user sees the form, but a notice is the user's own act */
  impersonating: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const config = useConfig();
  const photoAllowed = configFlag(config, 'enable_sick_photo');
  const today = useMemo(() => browserToday(), []);
  const maxDays = sickMaxDays(config.sick_max_days);
  const [begin, setBegin] = useState(today);
  const [end, setEnd] = useState(today);
  const [message, setMessage] = useState('');
  const [forStudent, setForStudent] = useState(false);
  const [student, setStudent] = useState<Student | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateSickNotice();

  const values = {
    begin,
    end,
    message,
    forStudent: mayPickStudent && forStudent,
    studentId: student?.id ?? null,
  };
  // once sent, the messages follow the typing; a server answer stays until the next send
  const local = checked ? checkSickForm(values, today, maxDays) : [];
  const server =
    create.error && !create.isPending ? { field: fieldOfServerError(create.error), key: null } : null;
  const messageAt = useFieldMessages({ issues: local, server, failed: create.error });
  const errors = {
    begin: messageAt('begin'),
    end: messageAt('end'),
    student: messageAt('student'),
    photo: messageAt('photo'),
    form: messageAt('form'),
  };
  const dirty = message.trim() !== '' || photo !== null || student !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (focusFirstIssue(id, checkSickForm(values, today, maxDays))) return;
    create.reset();
    setProgress(0);
    create.mutate(
      { body: sickFormData(values, photoAllowed ? photo : null), onProgress: setProgress },
      {
        onSuccess: (notice) => {
          notify({
            type: 'success',
            title: t('sickReport.sent'),
            description: values.forStudent ? t('sickReport.sentFor', { name: notice.user.name }) : undefined,
          });
          close();
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const sending = create.isPending;
  return (
    <FormDialog
      formId={`${id}-form`}
      introId={`${id}-intro`}
      title={t('sickReport.title')}
      intro={t(mayPickStudent ? 'sickReport.introTeacher' : 'sickReport.intro')}
      dirty={dirty}
      pending={sending}
      submit={
        <>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t('sickReport.send')}
        </>
      }
      submitProps={{
        disabled: impersonating,
        'aria-describedby': impersonating ? `${id}-impersonating` : undefined,
      }}
    >
      {/* the photo part sits outside the form: the capture's own buttons must not send it */}
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        aria-busy={sending || undefined}
      >
        {mayPickStudent && (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('sickReport.forWhom')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {[false, true].map((value) => (
                <label
                  key={String(value)}
                  className="flex min-h-10 cursor-pointer items-center gap-2 text-sm coarse:min-h-11"
                >
                  <input
                    type="radio"
                    name={`${id}-for`}
                    checked={forStudent === value}
                    onChange={() => setForStudent(value)}
                    className="size-4 accent-primary"
                  />
                  {t(value ? 'sickReport.forStudent' : 'sickReport.forMe')}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {mayPickStudent && forStudent && (
          <div id={`${id}-student`} tabIndex={-1} className="outline-none">
            <StudentPicker
              chosen={student}
              onChoose={setStudent}
              error={errors.student}
              errorId={`${id}-student-error`}
              today={today}
            />
          </div>
        )}
        <div className="grid gap-4 desktop:grid-cols-2 desktop:items-start">
          <CheckedField
            id={`${id}-begin`}
            label={t('sickReport.begin')}
            type="date"
            max={addDays(today, maxDays)}
            value={begin}
            onChange={(event) => setBegin(event.target.value)}
            error={errors.begin}
            errorId={`${id}-begin-error`}
          />
          <CheckedField
            id={`${id}-end`}
            label={t('sickReport.end')}
            type="date"
            min={begin || undefined}
            max={addDays(begin, maxDays) || undefined}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={errors.end}
            errorId={`${id}-end-error`}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-message`}>{t('sickReport.message')}</Label>
          <textarea
            id={`${id}-message`}
            dir="auto"
            rows={4}
            maxLength={MAX_SICK_MESSAGE}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={`${id}-message-hint`}
            className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 desktop:text-sm"
          />
          <p id={`${id}-message-hint`} className="text-sm text-muted-foreground">
            {t('sickReport.messageHint', {
              used: formatNumber(message.length),
              max: formatNumber(MAX_SICK_MESSAGE),
            })}
          </p>
        </div>
      </form>
      {photoAllowed && (
        <Suspense fallback={<Spinner />}>
          <PhotoSection
            id={`${id}-photo`}
            photo={photo}
            onPhoto={setPhoto}
            error={errors.photo}
            errorId={`${id}-photo-error`}
            disabled={sending}
          />
        </Suspense>
      )}
      <ErrorAlert message={errors.form} />
      {progress !== null && (
        <div className="grid gap-1" role="status">
          <Label htmlFor={`${id}-progress`}>
            {t('sickReport.sending', { percent: formatNumber(progress, { style: 'percent' }) })}
          </Label>
          <progress id={`${id}-progress`} max={1} value={progress} className="h-2 w-full accent-primary" />
        </div>
      )}
      {impersonating ? (
        <div id={`${id}-impersonating`}>
          <MessageBox tone="notice" icon={Eye}>
            {t('sickReport.impersonating')}
          </MessageBox>
        </div>
      ) : null}
    </FormDialog>
  );
}

/** spec 2.5 `sick`: everyone signed in reports; those who process notices may report for a pupil too. */
export default function SickDialog({ close }: DialogProps) {
  const self = useSelf();
  const { permissions } = usePerms();
  if (!self) return null;
  const mayPickStudent = permissions !== undefined && permissions.sickNotices !== 'own';
  return <SickForm close={close} mayPickStudent={mayPickStudent} impersonating={!!self.impersonator} />;
}
