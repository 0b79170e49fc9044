import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isStepComplete, missingDocumentMessage, requiredIdentityDocument, stepFields, wizardSteps, type TOrder, type WizardStep } from '@shared/orders';
import { ApiError } from '@client/lib/api-client';
import { addressFields, contactFields } from '../field-specs';
import { useIdentityDocuments } from '../hooks/use-identity-documents';
import { useOrderDraftAutosave, useOrderForm } from '../hooks/use-order-form';
import { usePartner, type PartnerErrors } from '../hooks/use-partner';
import { useSendOrder } from '../hooks/use-send-order';
import { useWizardSteps } from '../hooks/use-wizard-steps';
import { useOrderTranslation } from '../namespaces';
import { clearOrderDraft } from '../order-draft';
import { isIdentityDocument, isOrderField, stepOfField, type Account, type OrderField, type OrderFormValues } from '../order-form-values';
import { CompanyStep } from './company-step';
import { FieldGrid } from './field-grid';
import { IdentityStep } from './identity-step';
import { PackageAside } from './package-aside';
import { WizardNav } from './wizard-nav';
import { WizardProgress } from './wizard-progress';

/**
 * SPEC sections 2, 4 and 5: the four-step order wizard. Everything typed stays while moving between
 * steps (and in a per-tab draft across reloads); the files stay until submit or reload.
 */
export function OrderWizard({ account }: { account: Account }) {
  const { t } = useOrderTranslation();
  const navigate = useNavigate();
  const { form, draft, draftKey, chooseState } = useOrderForm(account);
  const steps = useWizardSteps({ step: draft?.step ?? 0, reached: draft?.reached ?? 0 });
  const documents = useIdentityDocuments();
  const partner = usePartner(draft?.partner ?? null);
  const { send, busy } = useSendOrder();
  const submitted = useRef(false);
  useOrderDraftAutosave(form, draftKey, { partner: partner.partner, step: steps.step, reached: steps.reached }, submitted);
  const stepName = wizardSteps[steps.step]!;

  // A new step: focus its heading (screen readers announce it, Tab goes on from there) or the field
  // with the error that brought the customer back. Compared with the last step shown, so StrictMode's
  // double effect on mount does not steal focus.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef(steps.step);
  const focusAfterStep = useRef<string | null>(null);
  const focusField = useCallback(
    (path: string) => {
      if (isOrderField(path)) form.setFocus(path);
      else if (isIdentityDocument(path)) cardRef.current?.querySelector<HTMLInputElement>(`input[type="file"][name="${path}"]`)?.focus();
    },
    [form],
  );
  useEffect(() => {
    if (shownStep.current === steps.step) return;
    shownStep.current = steps.step;
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    if (field) focusField(field);
    else headingRef.current?.focus({ preventScroll: true });
    // on a phone the buttons sit below the fold: bring the top of the card back into view
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start' });
  }, [steps.step, focusField]);


  /** Takes the customer to the earliest step with an error and focuses the first field there. */
  function showErrorsAt(paths: string[]) {
    const target = Math.min(...paths.map(stepOfField));
    const field = paths.find((path) => stepOfField(path) === target) ?? null;
    if (target === steps.step) {
      if (field) focusField(field);
      return;
    }
    focusAfterStep.current = field;
    steps.goTo(target);
  }

  async function next() {
    const fields = stepFields[stepName as WizardStep] as readonly OrderField[];
    const valid = await form.trigger([...fields], { shouldFocus: true });
    if (valid && isStepComplete(stepName, form.getValues(), documents.files)) steps.advance();
  }

  /** The server's field errors (message keys) back on their fields: order, partner or document. */
  function showServerErrors(fields: Record<string, string>) {
    const partnerErrors: PartnerErrors = {};
    for (const [path, key] of Object.entries(fields)) {
      if (isOrderField(path)) form.setError(path, { message: key });
      else if (isIdentityDocument(path)) documents.setError(path, key);
      else if (path.startsWith('partner.')) partnerErrors[path.slice('partner.'.length) as keyof PartnerErrors] = key;
    }
    if (Object.keys(partnerErrors).length > 0) partner.showErrors(partnerErrors);
    const paths = Object.keys(fields);
    if (paths.length > 0) showErrorsAt(paths);
  }

  async function sendOrder(order: TOrder) {
    try {
      const id = await send({ ...order, partner: partner.partner ?? undefined }, documents.files);
      submitted.current = true;
      clearOrderDraft(draftKey);
      navigate(`/order/confirm?orderId=${encodeURIComponent(id)}`);
    } catch (error) {
      // the toast has said it; the form is enabled again as soon as the request settled
      if (error instanceof ApiError) showServerErrors(error.fields);
    }
  }

  async function submit() {
    if (partner.editing) {
      partner.warnUnsaved();
      return;
    }
    // SPEC: a missing required document is shown on its upload field and stops the submit
    const needed = requiredIdentityDocument(form.getValues('nationality'));
    if (needed && !documents.files[needed]) {
      documents.setError(needed, missingDocumentMessage[needed]);
      focusField(needed);
      return;
    }
    await form.handleSubmit(sendOrder, (errors: FieldErrors<OrderFormValues>) => showErrorsAt(Object.keys(errors)))();
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (steps.isLast ? submit() : next());
  };

  return (
    <div className="bg-surface-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <header className="max-w-3xl">
          <p className="inline-flex rounded-full bg-gold-300/40 px-3 py-1 text-xs font-semibold text-gold-700 dark:bg-gold-400/15 dark:text-gold-300">{t('intro.eyebrow')}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl dark:text-white">{t('intro.title')}</h1>
          <p className="mt-2 text-sm text-muted sm:text-base">{t('intro.lead')}</p>
        </header>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <FormProvider {...form}>
            <form ref={cardRef} noValidate onSubmit={onSubmit} className="min-w-0 scroll-mt-20 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8" data-testid="order-wizard">
              {/* disabled while submitting: nothing can change under the request, and it all comes back on failure */}
              <fieldset disabled={busy} className="min-w-0">
                <WizardProgress step={steps.step} reached={steps.reached} files={documents.files} onSelect={steps.goTo} />
                <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-xl font-bold tracking-tight outline-none sm:text-2xl">
                  {t(`steps.${stepName}.title`)}
                </h2>
                <p className="mt-1 text-sm text-muted">{t(`steps.${stepName}.lead`)}</p>
                <div className="mt-6">
                  {stepName === 'company' && <CompanyStep onStateChange={chooseState} />}
                  {stepName === 'contact' && <FieldGrid fields={contactFields} labels="fields" />}
                  {stepName === 'address' && <FieldGrid fields={addressFields} labels="fields" />}
                  {stepName === 'verification' && <IdentityStep documents={documents} partner={partner} />}
                </div>
                <WizardNav isFirst={steps.isFirst} isLast={steps.isLast} step={steps.step} files={documents.files} busy={busy} onPrevious={steps.back} />
              </fieldset>
            </form>
          </FormProvider>
          <PackageAside />
        </div>
      </div>
    </div>
  );
}
