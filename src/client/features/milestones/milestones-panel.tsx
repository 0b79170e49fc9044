import { CheckCircle2, Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import type { TAdminOrderDetail } from '@shared/admin';
import { recordableMilestones } from '@shared/milestones';
import { MilestoneTimeline } from '@client/features/milestones/milestone-timeline';
import { Button } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { Field, inputClasses } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useRecordOrderMilestone } from '@client/lib/api/admin-orders';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useActionFeedback } from '@client/components/action-feedback';
import { useAdminTranslation } from '../../lib/use-admin-translation';

type Recordable = (typeof recordableMilestones)[number];

/** Today in the administrator's own calendar (the server accepts up to tomorrow in UTC). */
function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The order's timeline and a form to record the next milestone (or correct one: the
 * same milestone again with another date, note or EIN). The first record of each emails the customer.
 */
export function MilestonesPanel({ order }: { order: TAdminOrderDetail['order'] }) {
  const { t } = useAdminTranslation();
  const names = useTranslation('milestones').t;
  const record = useRecordOrderMilestone(order.id);
  const feedback = useActionFeedback();
  const done = new Set(order.milestones.map((entry) => entry.milestone));
  const [milestone, setMilestone] = useState<Recordable>(() => recordableMilestones.find((candidate) => !done.has(candidate)) ?? 'documents_ready');
  const [occurredOn, setOccurredOn] = useState(localToday);
  const [note, setNote] = useState('');
  const [ein, setEin] = useState('');
  // a recorded milestone saved again overwrites it: the form asks first, naming what it replaces
  const [confirming, setConfirming] = useState(false);
  const recorded = order.milestones.find((entry) => entry.milestone === milestone);

  const fields = record.error instanceof ApiError ? record.error.fields : {};
  const fieldError = (name: string) => (fields[name] ? translateMessage(t, fields[name]) : undefined);
  const otherError = record.isError && Object.keys(fields).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recorded && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    feedback.begin();
    record.mutate(
      { milestone, occurredOn, ...(note.trim() ? { note } : {}), ...(milestone === 'ein_issued' ? { ein } : {}) },
      // the timeline above now shows them; the form is ready for the next one, not the one just saved
      {
        onSuccess: () => {
          setNote('');
          setEin('');
          const after = recordableMilestones.slice(recordableMilestones.indexOf(milestone) + 1).find((candidate) => !done.has(candidate));
          if (after) setMilestone(after);
        },
      },
    );
  };
  const edited = () => {
    record.reset();
    setConfirming(false);
  };

  return (
    <Panel compact title={t('milestones.title')} icon={Flag}>
      <MilestoneTimeline order={order} />
      <form onSubmit={submit} noValidate className="mt-5 space-y-3 border-t border-line pt-4" aria-label={t('milestones.formLabel')}>
        <Field label={t('milestones.milestone')} error={fieldError('milestone')}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={milestone}
              disabled={record.isPending}
              onChange={(event) => {
                setMilestone(event.target.value as Recordable);
                edited();
              }}
              className={inputClasses}
            >
              {recordableMilestones.map((value) => (
                <option key={value} value={value}>
                  {names(`names.${value}`)}
                  {done.has(value) ? ` ${t('milestones.recorded')}` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('milestones.date')} error={fieldError('occurredOn')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="date"
              required
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={occurredOn}
              disabled={record.isPending}
              onChange={(event) => {
                setOccurredOn(event.target.value);
                edited();
              }}
              className={inputClasses}
            />
          )}
        </Field>
        {milestone === 'ein_issued' && (
          <Field label={t('milestones.ein')} hint={t('milestones.einHint')} error={fieldError('ein')} required>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="numeric"
                autoComplete="off"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                aria-required
                value={ein}
                disabled={record.isPending}
                onChange={(event) => {
                  setEin(event.target.value);
                  edited();
                }}
                className={`${inputClasses} font-mono`}
              />
            )}
          </Field>
        )}
        <Field label={t('milestones.note')} hint={t('milestones.noteHint')} error={fieldError('note')}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={2}
              maxLength={500}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={note}
              disabled={record.isPending}
              onChange={(event) => {
                setNote(event.target.value);
                edited();
              }}
              className={inputClasses}
            />
          )}
        </Field>
        {confirming && recorded ? (
          <div
            role="alertdialog"
            aria-labelledby="milestone-overwrite"
            className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
          >
            <p id="milestone-overwrite" className="font-medium text-fg">
              {t('milestones.overwrite', { milestone: names(`names.${milestone}`), date: recorded.occurredOn })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={record.isPending} autoFocus>
                {t('milestones.overwriteConfirm')}
              </Button>
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                {t('milestones.overwriteCancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" busy={record.isPending}>
            {record.isPending ? t('milestones.saving') : t('milestones.save')}
          </Button>
        )}
        {otherError && <ErrorBox title={t('milestones.failed')} detail={errorMessage(t, record.error)} />}
        {record.isSuccess && feedback.showSuccess && (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {t(record.data.changed ? 'milestones.saved' : 'milestones.unchanged', { milestone: names(`names.${record.data.milestone.milestone}`) })}
          </p>
        )}
      </form>
    </Panel>
  );
}
