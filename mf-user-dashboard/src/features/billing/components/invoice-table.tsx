import type { BillingInformation } from 'shared-contracts';
import { DataTable, PageCard, StatusTag, Typography, formatDate, type TableColumnsType } from 'shared-ui';
import { formatUsd } from '../model/plan-format';

type Invoice = BillingInformation['invoices'][number];

/** Payments from checkouts, newest first. A failed load is shown once, by the current plan card above. */
export function InvoiceTable({ invoices, timeZone }: { invoices: Invoice[] | undefined; timeZone: string }) {
  const columns: TableColumnsType<Invoice> = [
    { title: 'Date', key: 'date', render: (_, i) => formatDate(i.issuedAt, timeZone) },
    { title: 'Invoice', key: 'number', render: (_, i) => i.number ?? '—' },
    {
      title: 'Amount', key: 'amount',
      render: (_, i) => {
        const money = (amount: number) => (i.currency === 'usd' ? formatUsd(amount) : `${amount} ${i.currency.toUpperCase()}`);
        return i.overageAmount > 0
          ? <>{money(i.amount)} <Typography.Text type="secondary">(includes {money(i.overageAmount)} overage)</Typography.Text></>
          : money(i.amount);
      },
    },
    { title: 'Status', key: 'status', render: (_, i) => <StatusTag status={i.status === 'paid' ? 'completed' : i.status} label={i.status === 'paid' ? 'Paid' : undefined} /> },
  ];
  return (
    <PageCard title="Payment history">
      <DataTable<Invoice> label="Payment history" rowKey="id" columns={columns} rows={invoices} loading={!invoices}
        emptyText="No payments yet" />
    </PageCard>
  );
}
