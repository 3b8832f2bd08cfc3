import { useId } from 'react';
import { VisuallyHidden } from '../layout/visually-hidden';
import { axisTicks } from './scale';
import { ChartDataTable } from './chart-data-table';
import { ChartLegend } from './chart-legend';

export interface BarSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
  color: string;
}

export interface BarChartProps {
  /** Names the chart for assistive technology and captions its data table. */
  title: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  /** The label drawn under each category; defaults to the category itself. */
  formatCategory?: (category: string) => string;
  xLabel?: string;
  yLabel?: string;
  height?: number;
}

const WIDTH = 720;
const M = { top: 12, right: 12, bottom: 52, left: 52 };
const AXIS = '#8c8c8c';
const GRID = '#f0f0f0';
const TEXT = { fontSize: 11, fill: '#595959' };

/** Grouped bars, one group per category. Drawn for the eye; its numbers are a hidden table for screen readers. */
export function BarChart({ title, categories, series, formatCategory = (c) => c, xLabel, yLabel, height = 260 }: BarChartProps) {
  const titleId = useId();
  const plotW = WIDTH - M.left - M.right;
  const plotH = height - M.top - M.bottom;
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1] ?? 1;
  const y = (value: number) => M.top + plotH - (value / top) * plotH;
  const band = categories.length > 0 ? plotW / categories.length : plotW;
  const barW = (band * 0.7) / Math.max(1, series.length);
  const labelEvery = Math.max(1, Math.ceil(categories.length / 8));

  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby={titleId} style={{ display: 'block', maxHeight: height }}>
        <title id={titleId}>{title}</title>
        {ticks.map((t) => (
          <g key={t} aria-hidden="true">
            <line x1={M.left} x2={WIDTH - M.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? AXIS : GRID} />
            <text x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end" {...TEXT}>
              {t}
            </text>
          </g>
        ))}
        {categories.map((category, ci) => (
          <g key={category} transform={`translate(${M.left + ci * band + band * 0.15},0)`}>
            {series.map((s, si) => {
              const value = s.values[ci] ?? 0;
              return (
                <rect key={s.name} x={si * barW} y={y(value)} width={Math.max(1, barW - 2)} height={y(0) - y(value)} fill={s.color} rx={2}>
                  <title>{`${formatCategory(category)}, ${s.name}: ${value}`}</title>
                </rect>
              );
            })}
            {ci % labelEvery === 0 && (
              <text x={(band * 0.7) / 2} y={M.top + plotH + 16} textAnchor="middle" {...TEXT}>
                {formatCategory(category)}
              </text>
            )}
          </g>
        ))}
        {xLabel && (
          <text x={M.left + plotW / 2} y={height - 8} textAnchor="middle" {...TEXT}>
            {xLabel}
          </text>
        )}
        {yLabel && (
          <text transform={`translate(14,${M.top + plotH / 2}) rotate(-90)`} textAnchor="middle" {...TEXT}>
            {yLabel}
          </text>
        )}
      </svg>
      <ChartLegend series={series} />
      <VisuallyHidden as="div">
        <ChartDataTable title={title} categories={categories} series={series} formatCategory={formatCategory} />
      </VisuallyHidden>
    </figure>
  );
}
