/** What one scroll from the first row to the last measured. */
export interface ScrollRun {
  /** requestAnimationFrame deltas, ms. */
  frames: number[];
  /** Chromium's long animation frames (over 50 ms), ms. */
  longFrames: number[];
  maxRowsInDom: number;
  /** Frames that painted before the row under the header was rendered. */
  blankFrames: number;
  scrolledPx: number;
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Scrolls the grid top to bottom, `step` px per frame, timing every frame. Runs in the page. */
export async function scrollThrough(step: number): Promise<ScrollRun> {
  const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
  const rowHeight = document.querySelector<HTMLElement>('[data-row-index="0"]')!.offsetHeight;
  const longFrames: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longFrames.push(entry.duration);
  });
  try {
    observer.observe({ type: 'long-animation-frame' });
  } catch {
    // A browser without long-animation-frame entries: the rAF deltas alone.
  }
  const frames: number[] = [];
  let maxRowsInDom = 0;
  let blankFrames = 0;
  let last = await nextFrame();
  while (grid.scrollTop + grid.clientHeight < grid.scrollHeight - 1) {
    grid.scrollTop += step;
    const now = await nextFrame();
    frames.push(now - last);
    last = now;
    maxRowsInDom = Math.max(maxRowsInDom, grid.querySelectorAll('[data-row-index]').length);
    const firstVisible = Math.floor(grid.scrollTop / rowHeight);
    if (!grid.querySelector(`[data-row-index="${firstVisible}"]`)) blankFrames++;
  }
  // Let the last frames settle so their long-frame entries arrive.
  await nextFrame();
  await nextFrame();
  observer.disconnect();
  return { frames, longFrames, maxRowsInDom, blankFrames, scrolledPx: grid.scrollTop };
}
