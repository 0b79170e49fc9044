import { SupportCenter } from '@client/features/support/components/support-center';

export default function JvSupportRoute() {
  return <SupportCenter />;
}
