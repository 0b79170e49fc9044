import { useState } from 'react';
import type { TPartner } from '@shared/orders';

export type PartnerErrors = Partial<Record<keyof TPartner, string>>;

/**
 * docs/product.md, "Order statuses", partner form: hidden, open (add or edit), saved, deleted. One partner per order.
 * `errors` are the server's, shown when the editor reopens; `unsaved` asks to save or cancel first.
 */
export function usePartner(initial: TPartner | null) {
  const [partner, setPartner] = useState<TPartner | null>(initial);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<PartnerErrors>({});
  const [unsaved, setUnsaved] = useState(false);

  const close = () => {
    setEditing(false);
    setErrors({});
    setUnsaved(false);
  };
  return {
    partner,
    editing,
    errors,
    unsaved,
    open: () => setEditing(true),
    cancel: close,
    save: (value: TPartner) => {
      setPartner(value);
      close();
    },
    remove: () => setPartner(null),
    showErrors: (serverErrors: PartnerErrors) => {
      setErrors(serverErrors);
      setEditing(true);
    },
    warnUnsaved: () => setUnsaved(true),
  };
}
export type PartnerState = ReturnType<typeof usePartner>;
