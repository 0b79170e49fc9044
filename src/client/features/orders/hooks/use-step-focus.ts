import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TOrder } from '@shared/orders';
import { isIdentityDocument, isOrderField, type OrderFormValues } from '../order-form-values';

/**
 * Keyboard and screen-reader focus across steps. On a new step the heading takes focus (it is
 * announced and Tab goes on from there), unless an error brought the customer back: then the field
 * with the error does. Compared with the last step shown, so StrictMode's double effect on mount
 * does not steal focus. Opened at a step a link named (`onMount`: a summary's Change link), that
 * step's heading takes focus at once: she came to change what it asks.
 */
export function useStepFocus(form: UseFormReturn<OrderFormValues, unknown, TOrder>, step: number, { onMount = false } = {}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  const pendingField = useRef<string | null>(null);

  /** A form field by name, or an identity document's file input by its multipart name. */
  const focusField = useCallback(
    (path: string) => {
      if (isOrderField(path)) form.setFocus(path);
      else if (isIdentityDocument(path)) cardRef.current?.querySelector<HTMLInputElement>(`input[type="file"][name="${path}"]`)?.focus();
    },
    [form],
  );

  useEffect(() => {
    if (onMount) headingRef.current?.focus({ preventScroll: true });
    // the step named by the link, once: later steps follow the rule below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = pendingField.current;
    pendingField.current = null;
    if (field) focusField(field);
    else headingRef.current?.focus({ preventScroll: true });
    // on a phone the buttons sit below the fold: bring the top of the card back into view, clear of the sticky header
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < parseFloat(getComputedStyle(card).scrollMarginTop)) card.scrollIntoView({ block: 'start' });
  }, [step, focusField]);

  /** Focus this field once the next step change has rendered. */
  const focusAfterStepChange = (path: string | null) => {
    pendingField.current = path;
  };

  return { headingRef, cardRef, focusField, focusAfterStepChange };
}
