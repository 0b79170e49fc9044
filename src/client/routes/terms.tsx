import { LegalPage } from '@client/features/legal/legal-page';

export default function TermsRoute() {
  return <LegalPage page="terms" />;
}
