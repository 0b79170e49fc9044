import { AffiliateApplication } from '@client/features/support/components/affiliate-application';

export default function AffiliatePartnerRoute() {
  return <AffiliateApplication />;
}
