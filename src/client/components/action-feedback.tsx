import { createContext, type ReactNode, useCallback, useContext, useId, useMemo, useState } from 'react';

/*
 * On the order page several forms each confirm what they did ("Status updated", "Document
 * added", "Note added"). Only the latest action's message stays: starting a new action anywhere
 * on the page clears the message of the previous one, so an old success never reads as
 * the answer to the new action.
 */
interface ActionFeedback {
  current: string | null;
  begin: (id: string) => void;
}

const ActionFeedbackContext = createContext<ActionFeedback | null>(null);

export function ActionFeedbackProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<string | null>(null);
  const value = useMemo(() => ({ current, begin: setCurrent }), [current]);
  return <ActionFeedbackContext value={value}>{children}</ActionFeedbackContext>;
}

/** `begin()` when this form's action starts; `showSuccess` is false once another form has started one. */
export function useActionFeedback() {
  const id = useId();
  const context = useContext(ActionFeedbackContext);
  const begin = useCallback(() => context?.begin(id), [context, id]);
  // outside a provider (a form on its own) every message stays
  return { begin, showSuccess: !context || context.current === id };
}
