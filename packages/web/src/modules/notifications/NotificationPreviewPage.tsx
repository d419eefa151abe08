import {
  getNotification,
  listNotificationRecipients,
  listNotifications,
  NOTIFICATION_CATEGORY_WORDS,
  NOTIFICATION_STATUS_WORDS,
  stateName,
  type NotificationStatus,
} from '@traction/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useShortcut } from '../keyboard/useShortcut';
import { CsvDownload } from '../list/CsvDownload';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ChangeLogSection } from '../ui/ChangeLogSection';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { NotificationPhone } from './NotificationPhone';
import { NOTIFICATIONS_PATH } from './notificationPaths';
import { useNotificationActions } from './useNotificationActions';

const TONES: Record<NotificationStatus, BadgeTone> = { DRAFT: 'neutral', SCHEDULED: 'warn', PUBLISHED: 'good', WITHDRAWN: 'bad' };

/**
 * Preview Notification: the notification as the merchant app shows it (in the inbox, and opened),
 * where it stands, its audience and how many merchants it reaches, its change log and the merchants
 * it went to. e edit, p publish (now or at a time), w withdraw, u all notifications.
 */
export default function NotificationPreviewPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getNotification, { id }, { enabled: valid });
  const detail = shown.data;
  const n = detail?.notification;
  const notice = useArrivalNotice(n?.status, shown.dataUpdatedAt);
  const buttons = useNotificationActions(detail);
  const permissions = useAtomValue(permissionSetAtom);
  const navigate = useNavigate();
  const went = n?.status === 'PUBLISHED' || (n?.status === 'WITHDRAWN' && n.recipients !== null);
  const recipients = useCommandQuery(listNotificationRecipients, { id, page: 1 }, { enabled: valid && went });
  useShortcut('u', 'All notifications', () => navigate(NOTIFICATIONS_PATH), { enabled: permissions.has(listNotifications.permission ?? '') });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!detail || !n) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no notification #${raw}.`}
        failed="This notification could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  // As the app's inbox dates a message: the day only.
  const sentAt = n.publishedAt ?? n.publishAt;
  const when = sentAt ? new Date(sentAt).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' }) : 'Now';
  const facts: [string, ReactNode][] = [
    ['Category', NOTIFICATION_CATEGORY_WORDS[n.category]],
    ['Audience', n.audienceWords],
    [went ? 'Reached' : 'Reaches today', `${detail.reach.toLocaleString('en')} merchant${detail.reach === 1 ? '' : 's'}`],
    ['Button', n.linkUrl ? `${n.linkLabel ?? 'Open'} → ${n.linkUrl}` : 'None'],
    ['Written', `${formatDateTime(n.createdAt)}${n.createdBy ? ` by ${n.createdBy}` : ''}`],
    ...(n.publishAt && !n.publishedAt ? ([['Goes out', formatDateTime(n.publishAt)]] as [string, ReactNode][]) : []),
    ...(n.publishedAt ? ([['Published', `${formatDateTime(n.publishedAt)}${n.publishedBy ? ` by ${n.publishedBy}` : ''}`]] as [string, ReactNode][]) : []),
    ...(n.withdrawnAt ? ([['Withdrawn', `${formatDateTime(n.withdrawnAt)}: ${n.withdrawnReason ?? ''}`]] as [string, ReactNode][]) : []),
  ];
  const mayMerchants = permissions.has('merchants.view');
  return (
    <div className="max-w-6xl space-y-4" data-page="notification" data-notification-id={n.id} data-status={n.status}>
      <PageHeader
        title={n.title}
        description={`Notification #${n.id} · ${NOTIFICATION_STATUS_WORDS[n.status]}`}
        actions={<ShortcutButtons buttons={buttons} focusHome />}
      />
      {notice ? (
        <p
          role="status"
          data-testid="notification-notice"
          className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <NotificationPhone title={n.title} body={n.body} category={n.category} linkLabel={n.linkUrl ? (n.linkLabel ?? 'Open') : null} when={when} />
        <div className="space-y-4">
          <section
            aria-label="Status now"
            className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Badge tone={TONES[n.status]}>{NOTIFICATION_STATUS_WORDS[n.status]}</Badge>
            <p data-testid="notification-status-words">
              {n.status === 'DRAFT'
                ? 'A draft: no merchant sees it until it is published (p).'
                : n.status === 'SCHEDULED'
                  ? `Goes out ${formatDateTime(n.publishAt ?? '')} to the merchants its audience reaches then.`
                  : n.status === 'PUBLISHED'
                    ? `In the app of ${(n.recipients ?? 0).toLocaleString('en')} merchants. It can only be withdrawn (w).`
                    : 'Withdrawn: no merchant sees it any more.'}
            </p>
          </section>
          <dl
            className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800"
            data-testid="notification-facts"
          >
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-500">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ChangeLogSection events={detail.events} words={NOTIFICATION_STATUS_WORDS} />
          {went ? (
            <Section
              name="recipients"
              title="Merchants"
              count={recipients.data?.total ?? n.recipients ?? 0}
              maxHeight="max-h-[28rem]"
              aside={<CsvDownload command={listNotificationRecipients} filters={{ id }} total={recipients.data?.total} />}
            >
              <DetailTable
                label="Merchants"
                rows={recipients.data?.items ?? []}
                rowKey={(row) => row.businessId}
                empty={recipients.isPending ? 'Loading…' : 'None.'}
                columns={[
                  {
                    label: 'Merchant',
                    cell: (row) =>
                      mayMerchants ? (
                        <Link className={linkClass} to={`/merchants/${row.businessId}`}>
                          {row.businessName}
                        </Link>
                      ) : (
                        row.businessName
                      ),
                  },
                  { label: 'State', cell: (row) => stateName(row.stateCode) },
                  { label: 'Delivered', cell: (row) => formatDateTime(row.deliveredAt) },
                ]}
              />
              {recipients.data && recipients.data.total > recipients.data.items.length ? (
                <p data-testid="recipients-shown" className="px-3 py-2 text-zinc-500 dark:text-zinc-400">
                  The first {recipients.data.items.length.toLocaleString('en-NG')} of {recipients.data.total.toLocaleString('en-NG')} by merchant ID: the CSV
                  has them all.
                </p>
              ) : null}
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
