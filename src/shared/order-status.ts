/** SPEC section 4: the four order statuses. */
export const orderStatuses = ['pending_payment', 'paid', 'processing', 'completed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The statuses' names where no translation files reach (emails, the CSV export); the client's
 * texts (the locales' common.json) say the same.
 */
export const orderStatusNames: Record<'en' | 'es', Record<OrderStatus, string>> = {
  en: { pending_payment: 'Pending Payment', paid: 'Paid', processing: 'In Process', completed: 'Completed' },
  es: { pending_payment: 'Pago pendiente', paid: 'Pagado', processing: 'En proceso', completed: 'Completado' },
};
