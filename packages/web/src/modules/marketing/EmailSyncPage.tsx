import {
  type CommandOutput,
  EMAIL_SYNC_KIND_WORDS,
  EMAIL_SYNC_KINDS,
  EMAIL_SYNC_STATUS_WORDS,
  EMAIL_SYNC_STATUSES,
  listEmailSyncRuns,
  startEmailSync,
  uploadEmailSyncContacts,
} from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { actionLinkClass, linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { EmailSyncProgress } from './EmailSyncProgress';
import { EmailSyncRunStatus } from './EmailSyncRunStatus';
import { EMAIL_SYNC_UPLOAD_PATH, emailSyncRunPath } from './emailSyncPaths';
import { emailSyncUnderWay } from './emailSyncUnderWay';

const OPTIONS = {
  kind: EMAIL_SYNC_KINDS.map((kind) => ({ value: kind, label: EMAIL_SYNC_KIND_WORDS[kind] })),
  status: EMAIL_SYNC_STATUSES.map((status) => ({ value: status, label: EMAIL_SYNC_STATUS_WORDS[status] })),
};
/** A sync under way is watched every 2 s, as deduction runs are. */
const WATCH_MS = 2_000;
const LATEST_SYNC = { kind: 'ALL_OWNERS', limit: 1 } as const;

/**
 * Email-marketing sync (spec §2 Settings, /sendinblue-email-synch): every run that pushed contacts
 * to the marketing list — syncs of every merchant owner and contact uploads — newest first, with
 * what became of their contacts; a row opens the run and its results. Sync every owner (r) asks
 * first, then opens the run; upload contacts (u). The latest sync of every owner, while under way,
 * is shown above the list with its progress, refreshed every 2 s.
 */
export default function EmailSyncPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const mayView = allowed(listEmailSyncRuns);
  const latest = useCommandQuery(listEmailSyncRuns, LATEST_SYNC, {
    enabled: mayView,
    refetchInterval: (page) => (emailSyncUnderWay(page?.items[0]) ? WATCH_MS : false),
  });
  const current = emailSyncUnderWay(latest.data?.items[0]) ? latest.data?.items[0] : undefined;

  // The list follows the sync under way: when its figures move, the loaded pages are asked for again.
  const moved = current ? `${current.id}:${current.status}:${current.reached}` : `none:${latest.data?.items[0]?.id ?? ''}`;
  const seen = useRef(moved);
  useEffect(() => {
    if (seen.current === moved) return;
    seen.current = moved;
    void queryClient.invalidateQueries({ queryKey: [listEmailSyncRuns.id] });
  }, [moved, queryClient]);

  const maySync = allowed(startEmailSync);
  const sync = () =>
    open({
      command: startEmailSync,
      subject:
        "Every merchant's owner goes to the marketing list in batches the provider takes; addresses on the opt-out list are skipped, never re-added. One such sync runs at a time.",
      onDone: (output: CommandOutput<typeof startEmailSync>) => {
        closeForm(null);
        void queryClient.invalidateQueries({ queryKey: [listEmailSyncRuns.id] });
        navigate(emailSyncRunPath(output.run.id), { state: { notice: output.message } });
      },
    });
  useShortcut('r', 'Sync every merchant owner to the marketing list', sync, { enabled: maySync && !current });
  useShortcut('u', 'Upload contacts', () => navigate(EMAIL_SYNC_UPLOAD_PATH), { enabled: allowed(uploadEmailSyncContacts) });

  const summary = current ? (
    <div className="mb-3">
      <Section name="sync-under-way" title={`Sync #${current.id} under way`}>
        <div className="space-y-2 p-3">
          <EmailSyncRunStatus run={current} watchingNote="Refreshing every 2 s" />
          <EmailSyncProgress run={current} />
          <Link to={emailSyncRunPath(current.id)} className={linkClass}>
            Open sync #{current.id} and its results
          </Link>
        </div>
      </Section>
    </div>
  ) : undefined;

  return (
    <ListPage
      command={listEmailSyncRuns}
      title="Email Marketing Sync"
      description="Contacts pushed to the email-marketing list (Brevo, formerly Sendinblue), newest first: syncs of every merchant owner and contact uploads, with how many were added, updated, skipped as opted out or failed. A row opens the run and what became of each contact."
      rowNoun={{ one: 'sync', other: 'syncs' }}
      filterOptions={OPTIONS}
      selectable={false}
      summary={summary}
      actions={
        <>
          {allowed(uploadEmailSyncContacts) ? (
            <Link to={EMAIL_SYNC_UPLOAD_PATH} className={actionLinkClass} aria-keyshortcuts="u" data-action="upload">
              Upload contacts <ShortcutKey>u</ShortcutKey>
            </Link>
          ) : null}
          {maySync ? (
            <Button
              variant="primary"
              onClick={sync}
              disabled={current !== undefined}
              title={current ? `Sync #${current.id} is under way: one runs at a time` : undefined}
              aria-keyshortcuts="r"
              data-action="sync"
            >
              Sync every owner… <ShortcutKey>r</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}
