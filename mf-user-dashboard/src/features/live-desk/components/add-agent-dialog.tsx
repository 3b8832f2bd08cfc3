import { useState } from 'react';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { contract, DESK_TEAM_TEXT, NewHumanAgent } from 'shared-contracts';
import { Button, Flex, FormError, FormField, Input, Modal, PlusOutlined, formErrorOf, validateWith } from 'shared-ui';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  agentNumber: string;
}

const EMPTY: Values = { firstName: '', lastName: '', email: '', agentNumber: '' };
const FIELDS: Array<{ name: keyof Values; label: string; autoComplete: string }> = [
  { name: 'firstName', label: 'First name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', autoComplete: 'off' },
  { name: 'email', label: 'Email', autoComplete: 'off' },
  { name: 'agentNumber', label: 'Agent number', autoComplete: 'off' },
];

/** The USER adds a human agent with their own line; the agent is emailed a link to choose their password. */
export function AddAgentButton({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const add = useApiMutation(contract.desk.addAgent, { invalidates: [contract.agent.getTeam] });
  const submit = async (values: Values) => {
    try {
      const { data } = await add.trigger({ body: values });
      notify.success(DESK_TEAM_TEXT.invited(data.fullName));
      setOpen(false);
      onAdded();
      return undefined;
    } catch (caught) {
      return formErrorOf(caught);
    }
  };
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>{DESK_TEAM_TEXT.add}</Button>
      <Modal title={DESK_TEAM_TEXT.add} open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Form<Values> onSubmit={submit} validate={validateWith(NewHumanAgent, (values: Values) => values)} initialValues={EMPTY} subscription={{ submitting: true, submitError: true }}>
          {({ handleSubmit, submitting, submitError }) => (
            <form aria-label={DESK_TEAM_TEXT.add} noValidate onSubmit={handleSubmit}>
              {FIELDS.map((field) => (
                <FormField<string> key={field.name} name={field.name} label={field.label} render={(input, c) => (
                  <Input {...input} id={c.id} autoComplete={field.autoComplete} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
                )} />
              ))}
              <FormError text={submitError as string | undefined} />
              <Flex gap={8} justify="end">
                <Button onClick={() => setOpen(false)}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={submitting}>Add and invite</Button>
              </Flex>
            </form>
          )}
        </Form>
      </Modal>
    </>
  );
}
