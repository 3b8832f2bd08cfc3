import { render, screen, within } from '@testing-library/react';
import { BarChart } from './bar-chart';

const chart = () =>
  render(
    <BarChart
      title="Calls per day"
      categories={['2026-01-01', '2026-01-02', '2026-01-03']}
      formatCategory={(c) => c.slice(5)}
      series={[
        { name: 'Inbound', values: [3, 0, 7], color: 'blue' },
        { name: 'Outbound', values: [1, 2, 0], color: 'green' },
      ]}
      xLabel="Day"
      yLabel="Calls"
    />,
  );

describe('BarChart', () => {
  it('is an image named by its title', () => {
    chart();
    expect(screen.getByRole('img', { name: 'Calls per day' })).toBeInTheDocument();
  });

  it('draws one bar per category and series, each with its value as a tooltip', () => {
    const { container } = chart();
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(6);
    expect(bars[0]).toHaveTextContent('01-01, Inbound: 3');
    expect(Number(bars[4]!.getAttribute('height'))).toBeGreaterThan(Number(bars[2]!.getAttribute('height')));
  });

  it('labels the axes and categories', () => {
    const { container } = chart();
    const svgText = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(svgText).toEqual(expect.arrayContaining(['0', '8', '01-01', '01-03', 'Day', 'Calls']));
  });

  it('offers its numbers as a table', () => {
    chart();
    const table = screen.getByRole('table', { name: 'Calls per day' });
    const row = within(table).getByRole('row', { name: /01-03/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['7', '0']);
    expect(within(table).getByRole('columnheader', { name: 'Outbound' })).toBeInTheDocument();
  });
});
