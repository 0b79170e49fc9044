import type { UsStateCode } from '@shared/geo';
import { identityDocuments, stepFields, wizardSteps, type IdentityDocument } from '@shared/order-model';
import type { TOrderDetail, TOrderInput } from '@shared/orders';

/**
 * What the wizard's form holds: the order without the partner (which has its own small form) and
 * with "nothing chosen yet" allowed for the two lists.
 */
export type OrderFormValues = Omit<TOrderInput, 'partner' | 'phone' | 'addressLine2' | 'restrictedWordsAccepted'> & {
  phone: string;
  addressLine2: string;
  /** ISO codes; '' until chosen */
  addressCountry: string;
  nationality: string;
  restrictedWordsAccepted: boolean;
};
export type OrderField = keyof OrderFormValues;

export const orderFields: readonly OrderField[] = wizardSteps.flatMap((step) => stepFields[step]);

export interface Account {
  id: string;
  name: string;
  email: string;
}

/** A fresh order: the organizer is the signed-in user until they say otherwise. */
export function emptyOrderValues(account: Account, llcState: UsStateCode): OrderFormValues {
  return {
    llcState,
    companyName1: '',
    companyName2: '',
    companyName3: '',
    organizerName: account.name,
    email: account.email,
    phone: '',
    addressLine1: '',
    addressLine2: '',
    addressCity: '',
    addressState: '',
    addressZip: '',
    addressCountry: '',
    nationality: '',
    restrictedWordsAccepted: false,
  };
}

/**
 * An order on file, back in the form to be fixed. Its names passed the server's rules,
 * so any word that needed confirming was confirmed.
 */
export function orderValuesFrom(order: TOrderDetail): OrderFormValues {
  const values = Object.fromEntries(orderFields.map((field) => [field, order[field as keyof TOrderDetail] ?? ''])) as Record<OrderField, unknown>;
  return { ...values, llcState: order.llcState as UsStateCode, restrictedWordsAccepted: true } as OrderFormValues;
}

export function isOrderField(path: string): path is OrderField {
  return (orderFields as readonly string[]).includes(path);
}

export function isIdentityDocument(path: string): path is IdentityDocument {
  return (identityDocuments as readonly string[]).includes(path);
}

const lastStep = wizardSteps.length - 1;

/** The step that shows a field (or a server error path): the partner and the documents live on the last one. */
export function stepOfField(path: string): number {
  const index = wizardSteps.findIndex((step) => (stepFields[step] as readonly string[]).includes(path));
  return index === -1 ? lastStep : index;
}
