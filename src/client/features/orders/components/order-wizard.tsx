import { useRef } from 'react';
import { useSearchParams } from '@client/lib/router';
import { FormProvider } from 'react-hook-form';
import { orderNumber, wizardSteps } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { addressFields, contactFields } from '../field-specs';
import { useIdentityDocuments } from '../hooks/use-identity-documents';
import { useOrderDraftAutosave, useOrderForm } from '../hooks/use-order-form';
import { useOrderSubmit } from '../hooks/use-order-submit';
import { usePartner } from '../hooks/use-partner';
import { useStepFocus } from '../hooks/use-step-focus';
import { useWizardSteps } from '../hooks/use-wizard-steps';
import { useOrderTranslation } from '../namespaces';
import type { Account } from '../order-form-values';
import { CompanyStep } from './company-step';
import { FieldGrid } from './field-grid';
import { IdentityStep } from './identity-step';
import { PackageAside } from './package-aside';
import { WizardNav } from './wizard-nav';
import { WizardProgress } from './wizard-progress';

/**
 * docs/product.md, "Client routes", 4 and 5: the four-step order wizard. Everything typed stays while moving between
 * steps (and in a per-tab draft across reloads, the files in IndexedDB: draft-files.ts) until submit.
 * With `editing` it fixes an unpaid order on file: prefilled, every step open, its files
 * kept unless replaced, and submit saves the same order.
 */
export function OrderWizard({ account, editing }: { account: Account; editing?: TOrderDetail }) {
  const { t } = useOrderTranslation();
  const { form, draft, draftKey, chooseState } = useOrderForm(account, editing);
  // a summary's Change link names the step to open (?step=); an order on file passed every step once: all of them open from the tabs
  const asked = wizardSteps.indexOf(useSearchParams()[0].get('step') as (typeof wizardSteps)[number]);
  const start = editing && asked !== -1 ? asked : (draft?.step ?? 0);
  const steps = useWizardSteps({ step: start, reached: editing ? wizardSteps.length : (draft?.reached ?? 0) });
  const documents = useIdentityDocuments(draftKey, draft !== null, editing?.documents);
  const partner = usePartner(draft ? draft.partner : (editing?.partner ?? null));
  const focus = useStepFocus(form, steps.step, { onMount: editing !== undefined && asked !== -1 });
  const { headingRef, cardRef } = focus;
  const submittedRef = useRef(false);
  useOrderDraftAutosave(form, draftKey, { partner: partner.partner, step: steps.step, reached: steps.reached }, submittedRef);
  const { onSubmit, busy, failure } = useOrderSubmit({ form, steps, documents, partner, focus, draftKey, submittedRef, editing: editing?.id });
  const intro = editing ? 'editIntro' : 'intro';
  const stepName = wizardSteps[steps.step]!;

  return (
    <div className="bg-surface-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <header className="max-w-3xl">
          <p className="inline-flex rounded-full bg-gold-300/40 px-3 py-1 text-xs font-semibold text-gold-700 dark:bg-gold-400/15 dark:text-gold-300">
            {editing ? t('editIntro.eyebrow', { number: orderNumber(editing.id) }) : t('intro.eyebrow')}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl dark:text-white">{t(`${intro}.title`)}</h1>
          <p className="mt-2 text-sm text-muted sm:text-base">{t(`${intro}.lead`)}</p>
        </header>
        <div className="mt-8 grid gap-6 @5xl:grid-cols-[minmax(0,1fr)_18rem] @5xl:items-start">
          <FormProvider {...form}>
            <form
              ref={cardRef}
              noValidate
              onSubmit={onSubmit}
              className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8"
              data-testid="order-wizard"
            >
              {/* disabled while submitting: nothing can change under the request, and it all comes back on
                  failure; the buttons stay outside, so the busy Submit keeps the keyboard's focus */}
              <fieldset disabled={busy} className="min-w-0">
                <WizardProgress step={steps.step} reached={steps.reached} files={documents.present} onSelect={steps.goTo} />
                <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-xl font-bold tracking-tight outline-none sm:text-2xl">
                  {t(`steps.${stepName}.title`)}
                </h2>
                <p className="mt-1 text-sm text-muted">{t(`steps.${stepName}.lead`)}</p>
                <div className="mt-6">
                  {stepName === 'company' && <CompanyStep onStateChange={chooseState} />}
                  {stepName === 'contact' && <FieldGrid fields={contactFields} />}
                  {stepName === 'address' && <FieldGrid fields={addressFields} />}
                  {stepName === 'verification' && <IdentityStep documents={documents} partner={partner} />}
                </div>
              </fieldset>
              <WizardNav
                isFirst={steps.isFirst}
                isLast={steps.isLast}
                step={steps.step}
                files={documents.present}
                busy={busy}
                failure={failure}
                onPrevious={steps.back}
                editing={Boolean(editing)}
              />
            </form>
          </FormProvider>
          <PackageAside />
        </div>
      </div>
    </div>
  );
}
