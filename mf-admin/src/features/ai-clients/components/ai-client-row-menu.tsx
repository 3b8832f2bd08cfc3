import { useNavigate } from 'react-router-dom';
import type { AiClientListItem } from 'shared-contracts';
import { Button, Dropdown, EditOutlined, MoreOutlined } from 'shared-ui';

/** The row's actions; Edit opens the client's edit screen. */
export function AiClientRowMenu({ client }: { client: AiClientListItem }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'edit', label: 'Edit', icon: <EditOutlined /> }],
        onClick: ({ key }) => {
          if (key === 'edit') navigate(`/admin/ai-client/edit/${client.id}`);
        },
      }}
    >
      <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${client.name} ${client.model}`} />
    </Dropdown>
  );
}
