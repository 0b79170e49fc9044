import { useParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { stateOfGuideSlug } from '@shared/state-guides';
import { StateGuidePage } from '@client/features/state-guides/state-guide-page';
import { NotFound } from './not-found';

export default function StateGuideRoute() {
  // the page's texts, the costs' words and the state names load together: one suspension, not three
  useTranslation(['stateGuides', 'compliance', 'geo']);
  const state = stateOfGuideSlug(useParams().slug ?? '');
  // the server answers 404 for such a slug too (routes.ts pageOfPath)
  return state ? <StateGuidePage state={state} /> : <NotFound />;
}
