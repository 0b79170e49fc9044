import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TCompanyFactsInput, TPacket } from '@shared/filing/facts';
import type { Language } from '@shared/languages';
import { apiPath, request } from './request';
import { adminOrderKeys } from './admin-orders';
import { orderKeys } from './orders';

/*
 * The filing packet (ADR 0034). Its queries sit under the order's key, so the live
 * stream's events on the order refetch them too. Each write answers with the packet as it now
 * stands, which replaces the cached one.
 */

export type DocumentKind = TPacket['documents'][number]['kind'];

const packetKey = (orderId: string, side: 'customer' | 'admin') =>
  side === 'admin' ? [...adminOrderKeys.detail(orderId), 'packet'] : [...orderKeys.detail(orderId), 'packet'];

export const usePacket = (orderId: string, side: 'customer' | 'admin' = 'customer') =>
  useQuery({
    queryKey: packetKey(orderId, side),
    queryFn: async ({ signal }) => {
      const params = { id: orderId };
      const { packet } = await (side === 'admin'
        ? request('GET /api/admin/orders/:id/packet', { params, signal })
        : request('GET /api/orders/:id/packet', { params, signal }));
      return packet;
    },
    staleTime: 0,
  });

/** A PDF of the packet: a plain link, as the receipt's (owner or administrator). */
export const packetDocumentUrl = (orderId: string, kind: DocumentKind, side: 'customer' | 'admin') =>
  side === 'admin' || kind === 'articles'
    ? apiPath('GET /api/admin/orders/:id/packet/documents/:kind', { params: { id: orderId, kind } })
    : apiPath('GET /api/orders/:id/packet/documents/:kind', { params: { id: orderId, kind } });

function usePacketWrite<T>(orderId: string, side: 'customer' | 'admin', write: (input: T) => Promise<{ packet: TPacket }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ packet }) => {
      queryClient.setQueryData(packetKey(orderId, side), packet);
      // the order's milestones and documents may have changed with it
      void queryClient.invalidateQueries({ queryKey: side === 'admin' ? adminOrderKeys.detail(orderId) : orderKeys.detail(orderId) });
    },
  });
}

/** PUT …/packet/facts: 400 with field errors, 409 filing.frozen once approved. */
export const useSaveFacts = (orderId: string) =>
  usePacketWrite(orderId, 'customer', (facts: TCompanyFactsInput) => request('PUT /api/orders/:id/packet/facts', { params: { id: orderId }, body: facts }));

/** POST …/packet/sign: 409 filing.documentChanged when the version read is no longer the current one. */
export const useSignDocument = (orderId: string) =>
  usePacketWrite(orderId, 'customer', (input: { kind: 'operating_agreement' | 'ss4_worksheet'; version: number; typedName: string; consent: true }) =>
    request('POST /api/orders/:id/packet/sign', { params: { id: orderId }, body: input }),
  );

export const useResendPartnerLink = (orderId: string) =>
  usePacketWrite(orderId, 'customer', () => request('POST /api/orders/:id/packet/partner-link', { params: { id: orderId } }));

export const useApprovePacket = (orderId: string) =>
  usePacketWrite(orderId, 'admin', () => request('POST /api/admin/orders/:id/packet/approve', { params: { id: orderId } }));

export const useRecordFiling = (orderId: string) =>
  usePacketWrite(orderId, 'admin', (body: { filedOn: string; filingNumber: string }) =>
    request('POST /api/admin/orders/:id/packet/filed', { params: { id: orderId }, body }),
  );

/* the partner's page: the link's token is the credential */

export const usePartnerSigning = (token: string) =>
  useQuery({
    queryKey: ['sign', token],
    queryFn: ({ signal }) => request('GET /api/sign', { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });

export const partnerAgreementUrl = (token: string) => apiPath('GET /api/sign/agreement', { query: { token } });

export const usePartnerSign = () =>
  useMutation({
    mutationFn: (input: { token: string; version: number; typedName: string; consent: true; language: Language }) => request('POST /api/sign', { body: input }),
  });
