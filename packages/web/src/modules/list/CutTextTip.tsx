export interface CutText {
  label: string;
  text: string;
}

/**
 * The whole text of the active row's cut cells, shown while the grid has the keyboard's focus:
 * the title tooltip a mouse gets, for keys. Hidden from screen readers, which already read the
 * cells whole.
 */
export function CutTextTip({ texts, top, above, left }: { texts: readonly CutText[]; top: number; above: boolean; left: number }) {
  return (
    <div
      aria-hidden="true"
      data-testid="cut-text-tip"
      className="pointer-events-none absolute z-20 max-w-[min(36rem,calc(100%-3rem))] space-y-0.5 rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
      style={{ top, left, transform: above ? 'translateY(-100%)' : undefined }}
    >
      {texts.map(({ label, text }) => (
        <p key={label} className="break-words">
          <span className="opacity-70">{label}:</span> {text}
        </p>
      ))}
    </div>
  );
}
