import type { MonitoringSeries } from '@traction/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const DAYS = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });
const HOURS = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });
/** Days (`23 Nov`) when ticks are a day or more apart, else hours (`23 Nov, 14:00`), Lagos time as everywhere. */
const tickFormat = (ticks: number[]) => ((ticks[1] ?? 0) - (ticks[0] ?? 0) >= 86_400 ? DAYS : HOURS);

/** Distinct on light and dark backgrounds, in the order routes and banks are listed. */
const COLOURS = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f', '#a21caf', '#0e7490'];

export interface SeriesChartProps {
  series: readonly MonitoringSeries[];
  /** Which number of a point to draw. */
  value: 'successRate' | 'payments';
  label: string;
  /** A horizontal line (the success-rate threshold). */
  threshold?: number;
  height?: number;
}

/**
 * One line per route or bank over time (uPlot: small, fast, canvas). The numbers behind it are
 * one key away in the page's table (t); the chart's label says what it shows for screen readers.
 */
export function SeriesChart({ series, value, label, threshold, height = 220 }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined' || series.length === 0) return;
    const times = [...new Set(series.flatMap((line) => line.points.map((point) => Date.parse(point.at) / 1000)))].sort((a, b) => a - b);
    const columns = series.map((line) => {
      const at = new Map(line.points.map((point) => [Date.parse(point.at) / 1000, point[value]]));
      return times.map((time) => at.get(time) ?? null);
    });
    const data: uPlot.AlignedData = [times, ...columns, ...(threshold !== undefined ? [times.map(() => threshold)] : [])];
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Africa/Lagos'),
      scales: value === 'successRate' ? { y: { range: [0, 100] } } : {},
      axes: [
        { stroke: '#71717a', values: (_u, ticks) => ticks.map((tick) => tickFormat(ticks).format(new Date(tick * 1000))) },
        { stroke: '#71717a', values: (_u, ticks) => ticks.map((tick) => (value === 'successRate' ? `${tick}%` : tick.toLocaleString('en-NG'))) },
      ],
      series: [
        {},
        ...series.map((line, index) => ({ label: line.name, stroke: COLOURS[index % COLOURS.length], width: 2, spanGaps: false })),
        ...(threshold !== undefined ? [{ label: `Threshold ${threshold}%`, stroke: '#dc2626', dash: [6, 4], width: 1 }] : []),
      ],
    };
    const chart = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, value, threshold, height]);
  return <div ref={box} role="img" aria-label={label} data-chart={value} className="w-full overflow-hidden" />;
}
