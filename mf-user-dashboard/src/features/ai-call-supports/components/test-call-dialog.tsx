import { useState } from 'react';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { MakeTestCallBody, contract } from 'shared-contracts';
import { Button, Divider, Flex, FormError, FormField, Input, Modal, formErrorOf, validateWith } from 'shared-ui';
import { BrowserCallPanel } from './browser-call-panel';

export interface TestCallTarget {
  id: string;
  name: string;
  phoneNumber: string | null;
  /** An agent that only answers never places a call, so it is tried by calling its number or in the browser. */
  handleCallType?: 'inbound' | 'outbound' | 'both';
}

interface Values {
  phoneNumber: string;
}

/** Dialog: the AI agent calls the number typed here, from its own number, or talks to the user right in the browser. */
export function TestCallDialog({ agent, onClose }: { agent: TestCallTarget | null; onClose: () => void }) {
  const [inBrowser, setInBrowser] = useState(false);
  const close = () => {
    setInBrowser(false);
    onClose();
  };
  const place = useApiMutation(contract.call.makeTestCall, { invalidates: [contract.call.getCallLogs] });
  const agentId = agent?.id ?? '';
  const placesCalls = agent?.handleCallType !== 'inbound';
  const validate = validateWith(MakeTestCallBody, (values: Values) => ({ agentId, phoneNumber: values.phoneNumber ?? '' }));

  const submit = async (values: Values) => {
    try {
      const { data } = await place.trigger({ body: { agentId, phoneNumber: values.phoneNumber } });
      notify.success(`Test call from ${agent?.name ?? 'the agent'}: ${data.status}`);
      close();
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    <Modal
      title={agent ? `Test call from ${agent.name}` : 'Test call'}
      open={agent !== null}
      onCancel={close}
      // A stray click or Escape would hang up a conversation in the browser: only Close ends it.
      maskClosable={!inBrowser}
      keyboard={!inBrowser}
      footer={null}
      destroyOnHidden
    >
      {agent && !inBrowser && !placesCalls && (
        <p>
          {agent.phoneNumber
            ? `${agent.name} answers calls only: call ${agent.phoneNumber} to try it, or talk to it here in the browser.`
            : `${agent.name} answers calls only and has no phone number yet: talk to it here in the browser.`}
        </p>
      )}
      {agent && !inBrowser && placesCalls && (
        <Form<Values> onSubmit={submit} validate={validate} initialValues={{ phoneNumber: '' }} subscription={{ submitting: true, submitError: true }}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Test call">
              <p>{agent.phoneNumber ? `${agent.name} calls from ${agent.phoneNumber}.` : `${agent.name} has no phone number yet.`}</p>
              <FormField<string> name="phoneNumber" label="Number to call" hint="A US number, e.g. your own mobile" render={(input, c) => (
                <Input {...input} id={c.id} placeholder="+15551234567" autoComplete="tel" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
              )} />
              <FormError text={submitError} />
              <Flex gap={8} justify="end">
                <Button onClick={close}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={submitting}>Place test call</Button>
              </Flex>
            </form>
          )}
        </Form>
      )}
      {agent && !inBrowser && placesCalls && <Divider plain>or</Divider>}
      {agent && <BrowserCallPanel agentId={agent.id} agentName={agent.name} onStart={() => setInBrowser(true)} />}
    </Modal>
  );
}
