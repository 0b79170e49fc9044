import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type RefObject } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from '@client/lib/router';
import { llcStateFromQuery, type UsStateCode } from '@shared/geo';
import { ZOrderInput, type TOrder, type TOrderDetail } from '@shared/orders';
import { orderDraftKey, readOrderDraft, writeOrderDraft, type OrderDraft } from '../order-draft';
import { emptyOrderValues, orderValuesFrom, type Account, type OrderFormValues } from '../order-form-values';

/**
 * The wizard's form, validated with the very schema the server uses. It starts from the saved draft
 * (if any) and the signed-in account; `?state=XX` (from the state quiz) wins over the draft's state.
 * Fixing an order on file (`editing`) starts from the order instead, with a draft of its own.
 */
export function useOrderForm(account: Account, editing?: TOrderDetail) {
  const [searchParams, setSearchParams] = useSearchParams();
  const draftKey = orderDraftKey(account.id, editing?.id);
  const [draft] = useState(() => readOrderDraft(draftKey));
  const [defaultValues] = useState<OrderFormValues>(() => {
    const queryState = searchParams.get('state');
    const start = editing ? orderValuesFrom(editing) : emptyOrderValues(account, llcStateFromQuery(queryState));
    const values = { ...start, ...draft?.values };
    return { ...values, llcState: llcStateFromQuery(queryState ?? values.llcState) };
  });
  const form = useForm<OrderFormValues, unknown, TOrder>({
    // the schema's input type has no "not chosen yet" for the two lists; the form's does
    resolver: zodResolver(ZOrderInput) as unknown as Resolver<OrderFormValues, unknown, TOrder>,
    mode: 'onTouched',
    defaultValues,
  });

  /** The choice also goes into the URL, so a reload or a shared link keeps it. */
  const chooseState = (code: UsStateCode) => {
    form.setValue('llcState', code, { shouldDirty: true, shouldValidate: true });
    setSearchParams(
      (params) => {
        params.set('state', code);
        return params;
      },
      { replace: true },
    );
  };

  return { form, draft, draftKey, chooseState };
}

/**
 * Keeps the draft up to date while the customer types (a watch subscription: no re-render per
 * keystroke); stops once the order is submitted.
 */
export function useOrderDraftAutosave(
  form: UseFormReturn<OrderFormValues, unknown, TOrder>,
  key: string,
  state: Omit<OrderDraft, 'values'>,
  submittedRef: RefObject<boolean>,
) {
  const { partner, step, reached } = state;
  useEffect(() => {
    const save = () => {
      if (!submittedRef.current) writeOrderDraft(key, { values: form.getValues(), partner, step, reached });
    };
    save();
    const subscription = form.watch(save);
    return () => subscription.unsubscribe();
  }, [form, key, partner, step, reached, submittedRef]);
}
