import { PresalePage } from '@client/features/jv/presale/presale-page';

export default function JvPresaleRoute() {
  return <PresalePage />;
}
