import type { BarSeries } from './bar-chart';

/** Colour keys; hidden from screen readers, which get the series names from the data table. */
export function ChartLegend({ series }: { series: readonly BarSeries[] }) {
  return (
    <figcaption aria-hidden="true" style={{ display: 'flex', gap: 16, justifyContent: 'center', fontSize: 12 }}>
      {series.map((s) => (
        <span key={s.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
          {s.name}
        </span>
      ))}
    </figcaption>
  );
}
