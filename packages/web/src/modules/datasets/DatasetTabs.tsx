import { Link, useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import type { DatasetChoice } from './datasetChoices';

/**
 * The datasets as tabs, each a link to `?set=…` (shareable; its filters start empty, since they
 * belong to the list left). `]` and `[` move to the next and previous dataset.
 */
export function DatasetTabs({ choices, current }: { choices: readonly DatasetChoice[]; current: string }) {
  const navigate = useNavigate();
  const at = Math.max(
    0,
    choices.findIndex((choice) => choice.set === current),
  );
  const go = (step: number) => void navigate({ search: `?set=${choices[(at + step + choices.length) % choices.length]!.set}` });
  useShortcut(']', 'Next dataset', () => go(1));
  useShortcut('[', 'Previous dataset', () => go(-1));
  return (
    <nav aria-label="Datasets" data-testid="dataset-tabs" className="mb-3 flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
      {choices.map((choice) => {
        const selected = choice.set === current;
        return (
          <Link
            key={choice.set}
            to={{ search: `?set=${choice.set}` }}
            aria-current={selected ? 'page' : undefined}
            data-set={choice.set}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${
              selected
                ? 'border-accent-600 text-accent-700 dark:text-accent-400'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            {choice.label}
          </Link>
        );
      })}
    </nav>
  );
}
