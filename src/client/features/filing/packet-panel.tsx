import { FileSignature } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { TPacket } from '@shared/filing/facts';
import type { TAdminOrderDetail } from '@shared/admin';
import { FactsSummary } from '@client/features/filing/components/facts-summary';
import { PacketStatusBadge } from '@client/features/filing/components/packet-status-badge';
import { ConfirmBox } from '@client/components/confirm-box';
import { Button } from '@client/components/ui/button';
import { ErrorBox, FileLink, InlineLoading, Panel } from '@client/components/ui/data-views';
import { FormError, TextField } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { packetDocumentUrl, useApprovePacket, usePacket, useRecordFiling } from '@client/lib/api/filing';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';

/**
 * The order's filing packet for the team: its status, the company facts, each document
 * to download (Articles, SS-4 worksheet, Operating Agreement) with the signatures' evidence, then
 * Approve (freezes the documents) and Record the filing (the milestone and the Articles).
 */
export function PacketPanel({ order }: { order: TAdminOrderDetail['order'] }) {
  // the packet starts after payment: an unpaid order has none to read
  return order.paidAt ? <PaidOrderPacket orderId={order.id} /> : null;
}

function PaidOrderPacket({ orderId }: { orderId: string }) {
  const { t } = useTranslation('filing');
  const packet = usePacket(orderId, 'admin');
  return (
    <Panel compact title={t('admin.title')} icon={FileSignature}>
      <div className="space-y-4 text-sm" data-testid="packet-panel">
        {packet.isPending ? (
          <InlineLoading label={t('loading')} className="py-4" />
        ) : packet.isError ? (
          <ErrorBox title={t('loadError')} detail={errorMessage(t, packet.error)} onRetry={() => void packet.refetch()} retrying={packet.isFetching} />
        ) : (
          <PacketBody orderId={orderId} packet={packet.data} />
        )}
      </div>
    </Panel>
  );
}

function PacketBody({ orderId, packet }: { orderId: string; packet: TPacket }) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const approve = useApprovePacket(orderId);
  // approving freezes the documents: asked first
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="space-y-1">
        <PacketStatusBadge status={packet.status} />
        {packet.approvedAt && <p className="text-muted">{t('admin.approvedOn', { date: format.date(packet.approvedAt, 'long') })}</p>}
        {packet.filedAt && <p className="text-muted">{t('admin.filedOnDate', { date: format.date(packet.filedAt, 'long') })}</p>}
      </div>
      {packet.agent.placeholder && (
        <p
          role="note"
          className="rounded-lg border border-amber-400 bg-amber-50 p-2 break-words text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('admin.agentPlaceholder')}
        </p>
      )}
      {packet.facts ? <FactsSummary packet={{ ...packet, facts: packet.facts }} /> : <p className="text-muted">{t('admin.noFacts')}</p>}
      {packet.documents.length > 0 && (
        <ul className="space-y-3">
          {packet.documents.map((document) => {
            const name = t(`documents.${document.kind}`);
            return (
              <li key={document.kind} className="min-w-0 space-y-1 rounded-lg border border-line p-3" data-testid={`admin-packet-${document.kind}`}>
                <p className="font-medium break-words">
                  {name} <span className="font-normal text-muted">· {t('documents.version', { version: format.number(document.version) })}</span>
                </p>
                <FileLink wrap="words" href={packetDocumentUrl(orderId, document.kind, 'admin')}>
                  {t('documents.download', { document: name })}
                </FileLink>
                {document.signatures.map((signature) => (
                  <p key={signature.role} className="break-words text-green-800 dark:text-green-300">
                    {t('admin.evidence', {
                      name: signature.adoptedName,
                      role: t(`admin.roles.${signature.role}`),
                      date: format.date(signature.signedAt, 'long'),
                      ip: signature.ipAddress ?? '',
                      account: signature.account ?? '',
                    })}
                    <span className="block text-xs break-words text-muted">{t('admin.typed', { typed: signature.typedName })}</span>
                    <span className="block text-xs break-all text-muted">{t('admin.hash', { hash: signature.sha256 })}</span>
                  </p>
                ))}
                {document.signers
                  .filter((role) => !document.signatures.some((signature) => signature.role === role))
                  .map((role) => (
                    <p key={role} className="break-words text-muted">
                      {t('documents.waitingFor', { name: packet.members.find((member) => member.role === role)?.name ?? role })}
                    </p>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
      {(packet.status === 'ready_for_review' || packet.status === 'awaiting_signatures') && (
        <div className="space-y-2">
          <p className="break-words text-muted">{t('admin.approveHelp')}</p>
          {confirming ? (
            <ConfirmBox
              testId="approve-confirm"
              title={t('admin.approveConfirmTitle')}
              confirmLabel={approve.isPending ? t('admin.approving') : t('admin.approveConfirmYes')}
              cancelLabel={t('admin.approveConfirmBack')}
              busy={approve.isPending}
              onConfirm={() => approve.mutate(undefined, { onSettled: () => setConfirming(false) })}
              onCancel={() => setConfirming(false)}
            >
              <p>{t('admin.approveConfirmBody')}</p>
              {packet.agent.placeholder && <p className="font-medium">{t('admin.agentPlaceholder')}</p>}
            </ConfirmBox>
          ) : (
            <Button size="sm" disabled={packet.status !== 'ready_for_review'} onClick={() => (approve.reset(), setConfirming(true))}>
              {t('admin.approve')}
            </Button>
          )}
          <FormError message={approve.isError ? errorMessage(t, approve.error) : null} />
        </div>
      )}
      {packet.status === 'approved' && <RecordFiling orderId={orderId} />}
    </>
  );
}

function RecordFiling({ orderId }: { orderId: string }) {
  const { t } = useTranslation('filing');
  const record = useRecordFiling(orderId);
  const helpId = useId();
  const [filedOn, setFiledOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [filingNumber, setFilingNumber] = useState('');
  const fields = record.error instanceof ApiError ? record.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!record.isPending) record.mutate({ filedOn, filingNumber });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-describedby={helpId}>
      <p id={helpId} className="break-words text-muted">
        {t('admin.filingHelp')}
      </p>
      <TextField
        label={t('admin.filedOn')}
        type="date"
        value={filedOn}
        required
        error={fields.filedOn ? translateMessage(t, fields.filedOn) : undefined}
        onChange={(event) => setFiledOn(event.target.value)}
      />
      <TextField
        label={t('admin.filingNumber')}
        value={filingNumber}
        required
        maxLength={60}
        autoComplete="off"
        error={fields.filingNumber ? translateMessage(t, fields.filingNumber) : undefined}
        onChange={(event) => setFilingNumber(event.target.value)}
      />
      <Button type="submit" size="sm" busy={record.isPending}>
        {record.isPending ? t('admin.recording') : t('admin.recordFiling')}
      </Button>
      <FormError message={record.isError && Object.keys(fields).length === 0 ? errorMessage(t, record.error) : null} />
    </form>
  );
}
