import type { TPacket } from '@shared/filing/facts';
import { useTranslation } from '@client/lib/i18n';
import { useFormats } from '@client/lib/use-formats';

/**
 * The saved company facts as the customer and the team read them: purpose, management,
 * members with their shares ("66.67%", "50%"), activity and registered agent.
 */
export function FactsSummary({ packet }: { packet: TPacket & { facts: NonNullable<TPacket['facts']> } }) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const { facts } = packet;
  const share = (basisPoints: number | null) => `${format.number((basisPoints ?? 0) / 100, basisPoints !== null && basisPoints % 100 !== 0 ? 2 : 0)}%`;
  const rows: [string, string][] = [
    [t('summary.purpose'), facts.purpose],
    [t('summary.management'), t(facts.management === 'member' ? 'form.managementMember' : 'form.managementManager')],
    [t('summary.members'), packet.members.map((member) => t('summary.member', { name: member.name, share: share(member.share) })).join(' · ')],
    [t('summary.activity'), `${t(`activities.${facts.principalActivity}`)}: ${facts.activityDescription}`],
    [t('summary.agent'), packet.agent.placeholder ? t('summary.agentPlaceholder') : `${packet.agent.name}, ${packet.agent.address}`],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
