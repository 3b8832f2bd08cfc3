import { useNavigate } from 'react-router-dom';
import { notify, useApiMutation } from 'shared-auth';
import { contract, type AiClient } from 'shared-contracts';
import { Button, DeleteOutlined, Popconfirm } from 'shared-ui';

export const DELETED_TEXT = 'AI Client deleted';

/** Removes the client after a confirmation; agents that used it fall back to the default client. */
export function DeleteAiClientButton({ client }: { client: AiClient }) {
  const navigate = useNavigate();
  const remove = useApiMutation(contract.aiClient.deleteAiClient, { invalidates: [contract.aiClient.getAllClients] });
  const confirm = async () => {
    try {
      await remove.trigger({ params: { id: client.id } });
      notify.success(DELETED_TEXT);
      navigate('/admin/ai-clients');
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <Popconfirm
      title="Delete this AI client?"
      description="Agents using it will fall back to the default client."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button danger icon={<DeleteOutlined />} loading={remove.isMutating}>
        Delete
      </Button>
    </Popconfirm>
  );
}
