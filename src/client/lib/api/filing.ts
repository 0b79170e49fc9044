import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TCompanyFactsInput, TPacket, TPartnerSigning } from '@shared/filing/facts';
import type { Language } from '@shared/languages';
import { api } from '../api-client';
import { adminOrderKeys } from './admin-orders';
import { orderKeys } from './orders';

/*
 * The filing packet (ADR 0034). Its queries sit under the order's key, so the live
 * stream's events on the order refetch them too. Each write answers with the packet as it now
 * stands, which replaces the cached one.
 */

type PacketAnswer = { packet: TPacket };
export type DocumentKind = TPacket['documents'][number]['kind'];

const packetKey = (orderId: string, side: 'customer' | 'admin') =>
  side === 'admin' ? [...adminOrderKeys.detail(orderId), 'packet'] : [...orderKeys.detail(orderId), 'packet'];
const packetPath = (orderId: string, side: 'customer' | 'admin') => `/api/${side === 'admin' ? 'admin/' : ''}orders/${encodeURIComponent(orderId)}/packet`;

export const usePacket = (orderId: string, side: 'customer' | 'admin' = 'customer') =>
  useQuery({
    queryKey: packetKey(orderId, side),
    queryFn: async ({ signal }) => (await api<PacketAnswer>(packetPath(orderId, side), { signal })).packet,
    staleTime: 0,
  });

/** A PDF of the packet: a plain link, as the receipt's (owner or administrator). */
export const packetDocumentUrl = (orderId: string, kind: DocumentKind, side: 'customer' | 'admin', language?: Language) =>
  `${packetPath(orderId, side)}/documents/${kind}${language ? `?lang=${language}` : ''}`;

function usePacketWrite<T>(orderId: string, side: 'customer' | 'admin', write: (input: T) => Promise<PacketAnswer>) {
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
  usePacketWrite(orderId, 'customer', (facts: TCompanyFactsInput) =>
    api<PacketAnswer>(`${packetPath(orderId, 'customer')}/facts`, { method: 'PUT', body: facts }),
  );

/** POST …/packet/sign: 409 filing.documentChanged when the version read is no longer the current one. */
export const useSignDocument = (orderId: string) =>
  usePacketWrite(orderId, 'customer', (input: { kind: 'operating_agreement' | 'ss4_worksheet'; version: number; typedName: string; consent: true }) =>
    api<PacketAnswer>(`${packetPath(orderId, 'customer')}/sign`, { method: 'POST', body: input }),
  );

export const useResendPartnerLink = (orderId: string) =>
  usePacketWrite(orderId, 'customer', () => api<PacketAnswer>(`${packetPath(orderId, 'customer')}/partner-link`, { method: 'POST' }));

export const useApprovePacket = (orderId: string) =>
  usePacketWrite(orderId, 'admin', () => api<PacketAnswer>(`${packetPath(orderId, 'admin')}/approve`, { method: 'POST' }));

export const useRecordFiling = (orderId: string) =>
  usePacketWrite(orderId, 'admin', (filedOn: string) => api<PacketAnswer>(`${packetPath(orderId, 'admin')}/filed`, { method: 'POST', body: { filedOn } }));

/* the partner's page: the link's token is the credential */

export const usePartnerSigning = (token: string) =>
  useQuery({
    queryKey: ['sign', token],
    queryFn: ({ signal }) => api<TPartnerSigning>(`/api/sign?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token !== '',
    retry: false,
  });

export const partnerAgreementUrl = (token: string) => `/api/sign/agreement?token=${encodeURIComponent(token)}`;

export const usePartnerSign = () =>
  useMutation({
    mutationFn: (input: { token: string; version: number; typedName: string; consent: true; language: Language }) =>
      api<{ signed: true }>('/api/sign', { method: 'POST', body: input }),
  });
