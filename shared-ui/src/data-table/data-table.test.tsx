import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];

const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
  render(<DataTable<Row> label="Accounts" rowKey="id" columns={columns} rows={[]} emptyText="No accounts found" {...props} />);

describe('DataTable', () => {
  it('shows the rows', () => {
    table({ rows: [{ id: '1', name: 'Acme' }, { id: '2', name: 'Globex' }] });
    const region = screen.getByRole('region', { name: 'Accounts' });
    expect(within(region).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(region).getByRole('cell', { name: 'Acme' })).toBeInTheDocument();
    expect(within(region).getByRole('cell', { name: 'Globex' })).toBeInTheDocument();
    expect(region).toHaveAttribute('aria-busy', 'false');
  });

  it('lets the keyboard reach the table\'s sideways scroller, so a wide table can be scrolled with the arrow keys', async () => {
    table({ rows: [{ id: '1', name: 'Acme' }] });
    await userEvent.tab();
    const scroller = document.activeElement as HTMLElement;
    expect(scroller).toHaveClass('ant-table-content');
    expect(within(scroller).getByRole('cell', { name: 'Acme' })).toBeInTheDocument();
  });

  it('shows the empty text when there are no rows', () => {
    table({ rows: [] });
    expect(screen.getByText('No accounts found')).toBeInTheDocument();
  });

  it('shows a spinner and no empty text while loading', () => {
    table({ rows: undefined, loading: true });
    expect(screen.getByRole('region', { name: 'Accounts' })).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByText('No accounts found')).toBeNull();
  });

  it('shows the error text and retries on request', async () => {
    const onRetry = jest.fn();
    table({ rows: [{ id: '1', name: 'Acme' }], error: 'Server unavailable', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Server unavailable');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
