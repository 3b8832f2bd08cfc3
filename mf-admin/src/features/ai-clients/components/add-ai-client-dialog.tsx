import { useState } from 'react';
import { Button, Modal, PlusOutlined } from 'shared-ui';
import { AddAiClientForm } from './add-ai-client-form';

/** The Add AI Client button and its dialog; the form starts afresh each time it opens. */
export function AddAiClientDialog() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        Add AI Client
      </Button>
      <Modal title="Add AI Client" open={open} onCancel={close} footer={null} destroyOnHidden>
        <AddAiClientForm onAdded={close} onCancel={close} />
      </Modal>
    </>
  );
}
