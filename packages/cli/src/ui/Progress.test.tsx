import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Progress } from './Progress';
import { formatDuration, progressStats } from './progress-stats';

describe('Progress', () => {
  it('shows the bar, the count, the rate and the time left', () => {
    const { lastFrame } = render(<Progress label="Exporting" done={2_500} total={10_000} elapsedMs={5_000} barWidth={20} />);
    expect(lastFrame()).toBe('Exporting █████░░░░░░░░░░░░░░░  25% 2,500/10,000 rows · 500 rows/s · 15s left');
  });

  it('redraws with new figures', () => {
    const { lastFrame, rerender } = render(<Progress label="Granting" done={0} total={4} elapsedMs={0} unit="rows" barWidth={4} />);
    expect(lastFrame()).toContain('0/4 rows · 0 rows/s · estimating…');
    rerender(<Progress label="Granting" done={4} total={4} elapsedMs={2_000} unit="rows" barWidth={4} detail="1 failed" />);
    expect(lastFrame()).toBe('Granting ████ 100% 4/4 rows · 2 rows/s · 0s left · 1 failed');
  });

  it('shows a count and a rate without a bar when the total is unknown', () => {
    const { lastFrame } = render(<Progress label="Exporting" done={1_200} elapsedMs={1_000} />);
    expect(lastFrame()).toBe('Exporting 1,200 rows · 1,200 rows/s · estimating…');
  });
});

describe('progressStats', () => {
  it.each([
    [0, 100, 0, { perSecond: 0, fraction: 0 }],
    [50, 100, 10_000, { perSecond: 5, fraction: 0.5, remainingMs: 10_000 }],
    [10, undefined, 2_000, { perSecond: 5 }],
  ] as const)('%i of %s after %i ms', (done, total, elapsed, expected) => {
    expect(progressStats(done, total, elapsed)).toEqual(expected);
  });

  it.each([
    [4_400, '4s'],
    [200_000, '3m 20s'],
    [3_900_000, '1h 05m'],
  ])('%i ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
