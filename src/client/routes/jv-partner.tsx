import { PartnerPage } from '@client/features/jv/partner/partner-page';

export default function JvPartnerRoute() {
  return <PartnerPage />;
}
