import { MonitorSmartphone } from 'lucide-react';
import { useRef } from 'react';
import type { TOwnSession } from '@shared/security';
import { Button, Spinner } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { toast } from '@client/components/ui/toast';
import { useEndSession, useSecurity } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';

const platforms = [
  [/iPhone|iPad/, 'iphone'],
  [/Android/, 'android'],
  [/Macintosh|Mac OS X/, 'mac'],
  [/Windows/, 'windows'],
  [/Linux/, 'linux'],
] as const;
const browsers = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
] as const;

/** "Chrome · Mac" from a user agent: enough to recognise one's own devices, nothing more. */
export function useDeviceName() {
  const { t } = useTranslation('security');
  return (userAgent: string | null) => {
    const platform = platforms.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1];
    const browser = browsers.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1];
    const parts = [browser, platform && t(`devices.${platform}`)].filter(Boolean);
    return parts.length > 0 ? parts.join(' · ') : t('sessions.unknownDevice');
  };
}

function SessionRow({ session, onEnded }: { session: TOwnSession; onEnded(): void }) {
  const { t } = useTranslation('security');
  const format = useFormats();
  const deviceName = useDeviceName();
  const end = useEndSession();
  const device = deviceName(session.userAgent);
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => {
        void toast('success', t('sessions.ended'));
        onEnded();
      },
      onError: (error) => void toast('error', errorMessage(t, error)),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="own-session">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">
          {device}
          {session.current && (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-800 dark:text-brand-50">
              {t('sessions.current')}
            </span>
          )}
        </p>
        <p className="text-muted">
          {t('sessions.lastSeen', { date: format.dateTime(session.lastSeenAt) })}
          {session.ipAddress && <> · {t('sessions.address', { ip: session.ipAddress })}</>}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" busy={end.isPending} onClick={onEnd} aria-label={t('sessions.endLabel', { device })}>
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in: each session with its device and last activity; end any but this one. */
export function SessionsPanel() {
  const { t } = useTranslation('security');
  const security = useSecurity();
  // an ended session's row goes, with the button that had the keyboard: the list takes it
  const list = useRef<HTMLUListElement>(null);
  return (
    <Panel title={t('sessions.title')} icon={MonitorSmartphone}>
      {security.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('common:loading')}
        </p>
      )}
      {security.isError && (
        <ErrorBox
          title={t('sessions.loadFailed')}
          detail={errorMessage(t, security.error)}
          onRetry={() => void security.refetch()}
          retrying={security.isFetching}
        />
      )}
      {security.data && (
        <ul ref={list} tabIndex={-1} aria-label={t('sessions.title')} className="divide-y divide-(--border)" data-testid="own-sessions">
          {security.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnded={() => list.current?.focus()} />
          ))}
        </ul>
      )}
      {security.data?.sessions.length === 1 && <p className="text-sm text-muted">{t('sessions.empty')}</p>}
    </Panel>
  );
}
