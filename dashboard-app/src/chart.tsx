import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** A time-series chart (uPlot): one line per series over the buckets' start instants. */
export function TimeChart({
  title,
  times,
  series,
  width = 1000,
  height = 260,
}: {
  title: string;
  times: number[];
  series: Series[];
  width?: number;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const plot = new uPlot(
      {
        title,
        width,
        height,
        scales: { x: { time: true } },
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}22`, points: { show: times.length < 60 } }))],
        axes: [{}, { label: 'sessions' }],
      },
      [times, ...series.map((s) => s.values)],
      box.current,
    );
    return () => plot.destroy();
  }, [title, times, series, width, height]);
  return (
    <div
      class="chart"
      ref={box}
      role="img"
      aria-label={`${title}: ${series.map((s) => `${s.label} ${s.values.reduce((a, b) => a + b, 0)} in all`).join(', ')}`}
    />
  );
}
