import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The company details (PUT /api/orders/:id/packet/facts) a founder gives, shares in percent; a partner's share, or null without one. */
export const companyFacts = (partnerShare: number | null = 40) => ({
  purpose: 'Any lawful purpose',
  management: 'member',
  principalOffice: 'agent',
  mailingAddress: 'own',
  organizerShare: 100 - (partnerShare ?? 0),
  partnerShare,
  tradeName: null,
  fiscalYearEndMonth: 12,
  reason: 'started_new_business',
  startDate: new Date().toISOString().slice(0, 10),
  employeesExpected: 0,
  firstWagesDate: null,
  principalActivity: 'other',
  activityDescription: 'Software development services',
});

/** The organizer saves the details and signs what they sign (the agreement, the SS-4 authorisation), as the signed-in `request`. */
export async function completeAndSign(request: APIRequestContext, orderId: string, typedName: string, partnerShare: number | null = 40) {
  const saved = await request.put(`/api/orders/${orderId}/packet/facts`, { data: companyFacts(partnerShare) });
  expect(saved.status(), await saved.text()).toBe(200);
  const { packet } = (await saved.json()) as { packet: { documents: { kind: string; version: number }[] } };
  return async () => {
    for (const kind of ['operating_agreement', 'ss4_worksheet']) {
      const version = packet.documents.find((document) => document.kind === kind)!.version;
      const signed = await request.post(`/api/orders/${orderId}/packet/sign`, { data: { kind, version, typedName, consent: true } });
      expect(signed.status(), await signed.text()).toBe(200);
    }
  };
}
