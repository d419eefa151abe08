/**
 * The palette benchmark's page: the console's real PaletteSearch (cmdk + rankEntries) over
 * synthetic entries (`?entries=5000`), and an in-page probe that times each keystroke from its
 * keydown to the list showing the new query: when React commits it (a MutationObserver sees the
 * list's `data-query` change) and when the next frame starts (requestAnimationFrame after that).
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PaletteSearch } from '../../packages/web/src/modules/palette/PaletteSearch';
import { syntheticEntries } from './syntheticEntries';
import './bench.css';

export interface KeystrokeSample {
  key: string;
  query: string;
  commitMs: number;
  frameMs: number;
}

declare global {
  interface Window {
    paletteBench: { ready: boolean; entries: number; samples: KeystrokeSample[]; renewIndex: () => void };
  }
}

const count = Number(new URLSearchParams(location.search).get('entries') ?? 5000);
const entries = syntheticEntries(count);
const recent = entries
  .slice(0, 20)
  .map((entry) => entry.key)
  .reverse();
window.paletteBench = { ready: false, entries: entries.length, samples: [], renewIndex: () => {} };

let pending: { key: string; startedAt: number; committedAt: number | null } | null = null;

// Capture phase, before cmdk and React see the key; event.timeStamp also counts any wait in the input queue.
document.addEventListener(
  'keydown',
  (event) => {
    pending = { key: event.key, startedAt: event.timeStamp, committedAt: null };
  },
  true,
);

function watch(list: Element, input: HTMLInputElement) {
  new MutationObserver(() => {
    const current = pending;
    if (!current || current.committedAt !== null || list.getAttribute('data-query') !== input.value) return;
    current.committedAt = performance.now();
    requestAnimationFrame(() => {
      const framedAt = performance.now();
      window.paletteBench.samples.push({
        key: current.key,
        query: input.value,
        commitMs: current.committedAt! - current.startedAt,
        frameMs: framedAt - current.startedAt,
      });
      if (pending === current) pending = null;
    });
  }).observe(list, { attributes: true, attributeFilter: ['data-query'] });
}

function Harness() {
  const [index, setIndex] = useState(entries);
  useEffect(() => {
    window.paletteBench.renewIndex = () => setIndex(entries.slice());
  }, []);
  return (
    <div className="flex min-h-screen items-start justify-center bg-black/40 p-4 pt-[12vh]">
      <div data-testid="command-palette" className="w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl dark:bg-zinc-900">
        <PaletteSearch entries={index} recent={recent} onPick={() => {}} />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);

const waitForList = setInterval(() => {
  const list = document.querySelector('[cmdk-list]');
  const input = document.querySelector<HTMLInputElement>('[cmdk-input]');
  if (!list || !input) return;
  clearInterval(waitForList);
  watch(list, input);
  input.focus();
  window.paletteBench.ready = true;
}, 10);
