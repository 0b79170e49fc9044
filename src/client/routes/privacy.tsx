import { LegalPage } from '@client/features/legal/legal-page';

export default function PrivacyRoute() {
  return <LegalPage page="privacy" />;
}
