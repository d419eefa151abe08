import { NOTIFICATION_CATEGORY_WORDS, NOTIFICATION_PREVIEW_CHARS, type NotificationCategory } from '@traction/core';
import { useState } from 'react';

// Letters, not emoji: the app draws its own icons, and not every screen has an emoji font.
const CATEGORY_STYLES: Record<NotificationCategory, { icon: string; tone: string }> = {
  ANNOUNCEMENT: { icon: 'A', tone: 'bg-sky-100 text-sky-800' },
  PROMOTION: { icon: '%', tone: 'bg-amber-100 text-amber-800' },
  SERVICE_UPDATE: { icon: 'S', tone: 'bg-zinc-200 text-zinc-800' },
  SECURITY: { icon: '!', tone: 'bg-red-100 text-red-800' },
};

export interface NotificationPhoneProps {
  title: string;
  body: string;
  category: NotificationCategory;
  linkLabel: string | null;
  /** "Now", "1 Dec, 09:00": when the merchant sees it arrive. */
  when: string;
}

/**
 * A notification as the merchant app shows it: in the inbox list (title, category, the first
 * characters of the message), and opened (the whole message and its button). Drawn in the app's
 * light theme whatever the console's, since that is what merchants see.
 */
export function NotificationPhone({ title, body, category, linkLabel, when }: NotificationPhoneProps) {
  const [opened, setOpened] = useState(false);
  const style = CATEGORY_STYLES[category];
  const cut = body.length > NOTIFICATION_PREVIEW_CHARS ? `${body.slice(0, NOTIFICATION_PREVIEW_CHARS).trimEnd()}…` : body;
  return (
    <figure
      data-testid="notification-phone"
      aria-label="As the merchant app shows it"
      className="mx-auto w-72 self-start rounded-[2rem] border-8 border-zinc-800 bg-white text-zinc-900 shadow-lg"
    >
      <div className="flex items-center justify-between rounded-t-[1.5rem] bg-emerald-700 px-4 py-3 text-white">
        <span className="text-sm font-semibold">{opened ? '‹ Notifications' : 'Notifications'}</span>
        <span className="text-xs opacity-80">Traction</span>
      </div>
      <div className="min-h-48 p-3">
        {opened ? (
          <article data-view="opened" className="space-y-2">
            <span className={`inline-block rounded px-1.5 text-[11px] ${style.tone}`}>{NOTIFICATION_CATEGORY_WORDS[category]}</span>
            <h3 className="text-base font-semibold break-words">{title || 'Title'}</h3>
            <p className="text-xs text-zinc-500">{when}</p>
            <p className="text-sm break-words whitespace-pre-wrap">{body || 'Message'}</p>
            {linkLabel ? <span className="block rounded-lg bg-emerald-700 py-2 text-center text-sm font-medium text-white">{linkLabel}</span> : null}
          </article>
        ) : (
          <button
            type="button"
            data-view="inbox"
            onClick={() => setOpened(true)}
            className="flex w-full gap-2 rounded-lg border border-zinc-200 p-2 text-left hover:bg-zinc-50"
          >
            <span aria-hidden="true" className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${style.tone}`}>
              {style.icon}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-semibold">{title || 'Title'}</span>
                <span className="shrink-0 text-[10px] text-zinc-500">{when}</span>
              </span>
              <span className="block text-xs break-words text-zinc-600">{cut || 'Message'}</span>
            </span>
          </button>
        )}
      </div>
      <figcaption className="pb-2 text-center text-[11px] text-zinc-500">
        {opened ? (
          <button type="button" className="underline" onClick={() => setOpened(false)}>
            Back to the inbox
          </button>
        ) : (
          'Click it to see it opened'
        )}
      </figcaption>
    </figure>
  );
}
