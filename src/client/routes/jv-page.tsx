import { SalesPage } from '@client/features/jv/sales/sales-page';

/** /jv-sales and /jv-page show the same promotional page (SPEC 2). */
export default function JvPageRoute() {
  return <SalesPage />;
}
