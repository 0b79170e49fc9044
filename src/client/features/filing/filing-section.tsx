import { FileSignature } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { TPacket, TPacketDocument } from '@shared/filing/facts';
import { addressLines } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { AgreementText } from '@client/features/filing/components/agreement-text';
import { FactsSummary } from '@client/features/filing/components/facts-summary';
import { PacketStatusBadge } from '@client/features/filing/components/packet-status-badge';
import { SigningReader } from '@client/features/filing/components/signing-reader';
import { Button } from '@client/components/ui/button';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { packetDocumentUrl, usePacket, useResendPartnerLink, useSignDocument } from '@client/lib/api/filing';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';

// the form brings the validation schema: loaded when the customer opens it
const FactsForm = lazy(() => import('./facts-form'));

type Focus = 'notice' | 'button' | null;

/**
 * After payment: the company details the filings need ("Complete your company
 * details"), then the documents made from them, each to read and sign; the partner signs
 * through an emailed link. Everything is editable until the team approves the packet.
 */
export function FilingSection({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const titleId = useId();
  const packet = usePacket(order.id);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === 'notice') noticeRef.current?.focus();
    else if (focus === 'button') editButton.current?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  const orderAddress = [...addressLines(order), format.country(order.addressCountry)].join(', ');
  const announce = (text: string) => {
    setNotice(text);
    setFocus('notice');
  };

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-line bg-surface p-4 text-sm" data-testid="filing-section">
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <FileSignature className="size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
        {t('title')}
      </h4>
      <div className="mt-3 space-y-4">
        {packet.isPending ? (
          <InlineLoading label={t('loading')} className="py-4" />
        ) : packet.isError ? (
          <ErrorBox title={t('loadError')} detail={errorMessage(t, packet.error)} onRetry={() => void packet.refetch()} retrying={packet.isFetching} />
        ) : (
          <>
            <div className="space-y-1">
              <PacketStatusBadge status={packet.data.status} />
              <p className="break-words text-muted">{t(`statusHelp.${packet.data.status}`)}</p>
            </div>
            <p ref={noticeRef} role="status" tabIndex={-1} className={notice ? 'font-medium break-words text-green-800 dark:text-green-300' : 'sr-only'}>
              {notice ?? ''}
            </p>
            {editing ? (
              <Suspense fallback={<InlineLoading label={t('loading')} className="py-4" />}>
                <FactsForm
                  orderId={order.id}
                  packet={packet.data}
                  orderAddress={orderAddress}
                  onCancel={() => {
                    setEditing(false);
                    setFocus('button');
                  }}
                  onDone={() => {
                    setEditing(false);
                    announce(t('form.saved'));
                  }}
                />
              </Suspense>
            ) : (
              <>
                {packet.data.facts ? (
                  <FactsSummary packet={{ ...packet.data, facts: packet.data.facts }} />
                ) : (
                  packet.data.editable && <p className="break-words">{t('lead')}</p>
                )}
                {packet.data.editable ? (
                  <Button
                    ref={editButton}
                    variant={packet.data.facts ? 'outline' : 'primary'}
                    size="sm"
                    onClick={() => {
                      setNotice(null);
                      setEditing(true);
                    }}
                  >
                    {packet.data.facts ? t('edit') : t('complete')}
                  </Button>
                ) : (
                  packet.data.facts && <p className="break-words text-muted">{t('frozenNote')}</p>
                )}
                {packet.data.documents.length > 0 && <PacketDocuments orderId={order.id} packet={packet.data} onSigned={announce} />}
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Each document: its PDF, who signed it and who still must, and the signing form for the organizer. */
function PacketDocuments({ orderId, packet, onSigned }: { orderId: string; packet: TPacket; onSigned: (notice: string) => void }) {
  const { t } = useTranslation('filing');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h5 id={titleId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t('documents.title')}
      </h5>
      <ul className="space-y-3">
        {packet.documents.map((document) => (
          <PacketDocumentItem key={document.kind} orderId={orderId} packet={packet} document={document} onSigned={onSigned} />
        ))}
      </ul>
    </section>
  );
}

function PacketDocumentItem({
  orderId,
  packet,
  document,
  onSigned,
}: {
  orderId: string;
  packet: TPacket;
  document: TPacketDocument;
  onSigned: (notice: string) => void;
}) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const sign = useSignDocument(orderId);
  const resend = useResendPartnerLink(orderId);
  const [open, setOpen] = useState(false);
  const signButton = useRef<HTMLButtonElement>(null);
  const name = t(`documents.${document.kind}`);
  const nameOf = (role: string) => packet.members.find((member) => member.role === role)?.name ?? role;
  const organizerToSign = packet.editable && document.signers.includes('organizer') && !document.signatures.some((signature) => signature.role === 'organizer');
  const partner = packet.members.find((member) => member.role === 'partner');
  const partnerWaits = partner && document.signers.includes('partner') && !document.signatures.some((signature) => signature.role === 'partner');
  const organizer = packet.members[0]!;

  // the Articles' worksheet is the team's: the customer reads what will be filed, then gets the state's stamped copy
  if (document.kind === 'articles') return <ArticlesSummary packet={packet} />;

  return (
    <li className="min-w-0 space-y-2 rounded-lg border border-line p-3" data-testid={`packet-document-${document.kind}`}>
      <p className="font-medium break-words">
        {name} <span className="font-normal text-muted">· {t('documents.version', { version: format.number(document.version) })}</span>
      </p>
      <p className="break-words text-muted">{t(`documents.purpose.${document.kind}`)}</p>
      <FileLink wrap="words" href={packetDocumentUrl(orderId, document.kind, 'customer')}>
        {t('documents.download', { document: name })}
      </FileLink>
      {document.voidedSignatures > 0 && document.signatures.length < document.signers.length && (
        <p className="break-words text-amber-800 dark:text-amber-300">{t('documents.voided')}</p>
      )}
      <ul className="space-y-1">
        {document.signatures.map((signature) => (
          <li key={signature.role} className="break-words text-green-800 dark:text-green-300">
            {t('documents.signedBy', { name: signature.adoptedName, date: format.date(signature.signedAt, 'long') })}
          </li>
        ))}
        {document.signers
          .filter((role) => !document.signatures.some((signature) => signature.role === role))
          .map((role) => (
            <li key={role} className="break-words text-muted">
              {t('documents.waitingFor', { name: nameOf(role) })}
            </li>
          ))}
      </ul>
      {partnerWaits && packet.partnerLink && packet.editable && (
        <div className="space-y-2">
          <p className="break-words text-muted">
            {packet.partnerLink.used
              ? t('partner.linkUsed', { name: partner.name })
              : t('partner.linkSent', {
                  name: partner.name,
                  date: format.date(packet.partnerLink.sentAt, 'long'),
                  expires: format.date(packet.partnerLink.expiresAt, 'long'),
                })}
          </p>
          <Button
            variant="outline"
            size="sm"
            busy={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: () => onSigned(t('partner.resent', { name: partner.name })) })}
          >
            {resend.isPending ? t('partner.resending') : t('partner.resend', { name: partner.name })}
          </Button>
          {resend.isError && (
            <p role="alert" className="break-words text-red-700 dark:text-red-400">
              {errorMessage(t, resend.error)}
            </p>
          )}
        </div>
      )}
      {organizerToSign && (
        <Button ref={signButton} size="sm" className="h-auto min-h-9 py-1.5 text-left whitespace-normal" onClick={() => (sign.reset(), setOpen(true))}>
          {t('documents.readAndSign', { document: name })}
        </Button>
      )}
      {organizerToSign && open && (
        <SigningReader
          title={t('sign.title', { document: name })}
          downloadHref={packetDocumentUrl(orderId, document.kind, 'customer')}
          downloadLabel={t('sign.download')}
          adoptedName={organizer.name}
          busy={sign.isPending}
          error={sign.error}
          onClose={() => {
            setOpen(false);
            sign.reset();
            requestAnimationFrame(() => signButton.current?.focus());
          }}
          onSign={(typedName) =>
            sign.mutate(
              { kind: document.kind as 'operating_agreement' | 'ss4_worksheet', version: document.version, typedName, consent: true },
              {
                onSuccess: () => {
                  setOpen(false);
                  onSigned(partnerWaits ? `${t('sign.signed')} ${t('sign.partnerNext', { name: partner.name })}` : t('sign.signed'));
                },
              },
            )
          }
        >
          {document.kind === 'operating_agreement' && packet.agreement ? (
            <>
              <p className="break-words text-muted">{t('sign.agreementNote')}</p>
              <AgreementText agreement={packet.agreement[format.language]} lang={format.language} />
            </>
          ) : (
            <>
              <p className="break-words">{t('sign.ss4Note')}</p>
              {packet.ss4 && <Ss4Answers answers={packet.ss4} />}
            </>
          )}
        </SigningReader>
      )}
    </li>
  );
}

/** The SS-4's answers the authorization signs for: each line's label in the reader's language, the answer as the IRS gets it. */
function Ss4Answers({ answers }: { answers: NonNullable<TPacket['ss4']> }) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold">{t('sign.answersTitle')}</h3>
      <p className="break-words text-muted">{t('sign.answersNote')}</p>
      <dl className="divide-y divide-(--border) rounded-lg border border-line" data-testid="ss4-answers">
        {answers.map((entry) => (
          <div key={entry.line} className="min-w-0 px-3 py-2">
            <dt className="text-xs break-words text-muted">
              {entry.line} · {entry.label[format.language]}
            </dt>
            <dd lang="en" className="break-words">
              {entry.answer}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The Articles, to the customer: what will be filed on her behalf (the details above), in her words; once filed, where the stamped copy is. */
function ArticlesSummary({ packet }: { packet: TPacket }) {
  const { t } = useTranslation('filing');
  return (
    <li className="min-w-0 space-y-2 rounded-lg border border-line p-3" data-testid="packet-document-articles">
      <p className="font-medium break-words">{t('documents.articles')}</p>
      <p className="break-words text-muted">{t(`documents.articlesNote.${articlesTense(packet.status)}`)}</p>
      <p className="break-words">{packet.status === 'filed' ? t('documents.articlesFiledNote') : t('documents.articlesSummary')}</p>
    </li>
  );
}

/** Where the Articles are, for their note: filed, approved (filing next), or still to be approved. */
function articlesTense(status: TPacket['status']): 'filed' | 'approved' | 'pending' {
  return status === 'filed' ? 'filed' : status === 'approved' ? 'approved' : 'pending';
}
