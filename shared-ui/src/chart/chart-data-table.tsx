import type { BarSeries } from './bar-chart';

interface Props {
  title: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  formatCategory: (category: string) => string;
}

/** The chart's numbers as a table: what a screen reader reads instead of the drawing. */
export function ChartDataTable({ title, categories, series, formatCategory }: Props) {
  return (
    <table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          {series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category, ci) => (
          <tr key={category}>
            <th scope="row">{formatCategory(category)}</th>
            {series.map((s) => (
              <td key={s.name}>{s.values[ci] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
