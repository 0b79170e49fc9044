import { SalesPage } from '@client/features/jv/sales/sales-page';

/** /jv-sales and /jv-page show the same promotional page (docs/product.md, "Client routes"). */
export default function JvSalesRoute() {
  return <SalesPage />;
}
