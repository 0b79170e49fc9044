import { clientPaths } from '@shared/routes';

/** /admin/orders/:id for one order. */
export const adminOrderPath = (id: string) => clientPaths.adminOrder.replace(':id', encodeURIComponent(id));
