import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { useNavigate } from '@client/lib/router';
import { identityDocumentsFor, isStepComplete, missingDocumentMessage, requiredIdentityDocument, stepFields, wizardSteps } from '@shared/order-model';
import type { TOrder } from '@shared/orders';
import { orderEditPath } from '@shared/routes';
import { ApiError } from '@client/lib/api-client';
import { clearDraftFiles } from '../draft-files';
import { clearOrderDraft } from '../order-draft';
import { isIdentityDocument, isOrderField, stepOfField, type OrderField, type OrderFormValues } from '../order-form-values';
import type { useIdentityDocuments } from './use-identity-documents';
import type { PartnerErrors, PartnerState } from './use-partner';
import { useSendOrder } from './use-send-order';
import type { useStepFocus } from './use-step-focus';
import type { useWizardSteps } from './use-wizard-steps';
import { paths } from '@shared/client-paths';

interface OrderSubmitDeps {
  form: UseFormReturn<OrderFormValues, unknown, TOrder>;
  steps: ReturnType<typeof useWizardSteps>;
  documents: ReturnType<typeof useIdentityDocuments>;
  partner: PartnerState;
  focus: ReturnType<typeof useStepFocus>;
  draftKey: string;
  /** set once the order is created, so the draft is not written again */
  submittedRef: { current: boolean };
  /** the id of the order on file being fixed */
  editing?: string;
}

/**
 * What Next and Submit do: Next validates the step's fields (messages inline) and moves on; Submit
 * checks the required document (docs/product.md: inline error, stop), validates everything, sends, and on
 * failure puts the server's field errors back where they belong.
 */
export function useOrderSubmit({ form, steps, documents, partner, focus, draftKey, submittedRef, editing }: OrderSubmitDeps) {
  const navigate = useNavigate();
  const { send, busy, failure } = useSendOrder(editing);
  const stepName = wizardSteps[steps.step]!;

  /** Takes the customer to the earliest step with an error and focuses the first field there. */
  function showErrorsAt(paths: string[]) {
    const target = Math.min(...paths.map(stepOfField));
    const field = paths.find((path) => stepOfField(path) === target) ?? null;
    if (target === steps.step) {
      if (field) focus.focusField(field);
      return;
    }
    focus.focusAfterStepChange(field);
    steps.goTo(target);
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
      // the schema's output drops the confirmation of a regulated word; the server checks the names
      // again and needs it (a confirmed "Bank" was refused on submit)
      const confirmed = form.getValues('restrictedWordsAccepted') ? { restrictedWordsAccepted: true } : {};
      // a file chosen for a document of another nationality (before it changed) is not sent, nor kept
      const applicable = identityDocumentsFor(order.nationality);
      const files = { ...documents.files };
      for (const name of Object.keys(files) as (keyof typeof files)[]) if (!applicable.includes(name)) files[name] = null;
      const keep = documents.keptOnFile.filter((name) => applicable.includes(name));
      const id = await send({ ...order, ...confirmed, partner: partner.partner ?? undefined }, files, keep);
      submittedRef.current = true;
      clearOrderDraft(draftKey);
      // identity documents: not kept in the browser a moment longer than needed
      void clearDraftFiles(draftKey);
      // Back from the confirmation opens this order to fix it, never an emptied wizard: the
      // wizard's history entry becomes the order's edit page
      if (!editing) navigate(orderEditPath(id), { replace: true });
      navigate(paths.orderConfirm({ orderId: id }));
    } catch (error) {
      // the toast has said it; the form is enabled again as soon as the request settled
      if (error instanceof ApiError) showServerErrors(error.fields);
    }
  }

  async function next() {
    const valid = await form.trigger([...(stepFields[stepName] as readonly OrderField[])], { shouldFocus: true });
    if (!valid || !isStepComplete(stepName, form.getValues(), documents.present)) return;
    // a phone typed on step 2 without "+" waited for the address country, chosen here: if it is
    // not a number there, back to it with the message, before the customer goes on
    if (stepName === 'address' && form.getValues('phone') && !(await form.trigger('phone'))) {
      showErrorsAt(['phone']);
      return;
    }
    steps.advance();
  }

  async function submit() {
    if (partner.editing) {
      partner.warnUnsaved();
      return;
    }
    const needed = requiredIdentityDocument(form.getValues('nationality'));
    if (needed && !documents.present[needed]) {
      documents.setError(needed, missingDocumentMessage[needed]);
      focus.focusField(needed);
      return;
    }
    await form.handleSubmit(sendOrder, (errors: FieldErrors<OrderFormValues>) => showErrorsAt(Object.keys(errors)))();
  }

  /** The form's submit event: Next on steps 1-3 (so Enter in a field goes on), Submit on the last. */
  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (busy) return;
    void (steps.isLast ? submit() : next());
  };

  return { onSubmit, busy, failure };
}
