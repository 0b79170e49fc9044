import { LegalPage } from '@client/features/legal/legal-page';

export default function RefundRoute() {
  return <LegalPage page="refund" />;
}
