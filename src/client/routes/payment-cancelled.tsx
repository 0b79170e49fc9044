import { CancelledPage } from '@client/features/payments/components/cancelled-page';

/** /payment-cancelled?order_id= (behind RequireAuth): where the payment provider returns the customer after Cancel. */
export default function PaymentCancelledRoute() {
  return <CancelledPage />;
}
