import { Link } from 'react-router-dom';
import { planName, type AccountListEntry } from 'shared-contracts';
import { EditOutlined, actionColumn, formatDate, type TableColumnsType } from 'shared-ui';
import { AccountRoles } from './account-roles';

export const accountColumns = (timeZone: string | undefined): TableColumnsType<AccountListEntry> => [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Owner', key: 'owner', render: (_, account) => account.ownerEmail ?? 'N/A' },
  { title: 'Plan', key: 'plan', render: (_, account) => planName(account.plan) },
  { title: 'Roles', key: 'roles', render: (_, account) => <AccountRoles roles={account.roles} /> },
  { title: 'Users', dataIndex: 'userCount', key: 'users', align: 'right' },
  { title: 'Created', key: 'created', render: (_, account) => formatDate(account.createdAt, timeZone) },
  actionColumn({
    title: 'Action',
    key: 'action',
    render: (_, account) => (
      <Link to={`/admin/account/edit/${account.id}`} aria-label={`Edit ${account.name}`}>
        <EditOutlined style={{ marginInlineEnd: 6 }} />
        Edit
      </Link>
    ),
  }),
];
