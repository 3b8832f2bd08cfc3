import { useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import * as v from 'valibot';
import { notify, useApiMutation } from 'shared-auth';
import {
  CUSTOM_TOOL_METHODS, CustomTool, CustomTools, MAX_CUSTOM_TOOLS, MAX_CUSTOM_TOOL_PARAMETERS, contract, extractErrorText,
  type AiAgent, type TryCustomToolResult,
} from 'shared-contracts';
import {
  Alert, Button, CheckboxField, Col, Descriptions, Flex, FormError, FormField, Input, PageCard, Row, Select, Typography,
  UnsavedChangesGuard, formErrorOf, validateWith,
} from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';

type ParameterType = 'string' | 'number' | 'integer' | 'boolean';
type Method = (typeof CUSTOM_TOOL_METHODS)[number];
interface ParameterValues { name: string; type: ParameterType; description: string; required: boolean }
interface ToolValues { name: string; description: string; url: string; method: Method; parameters: ParameterValues[] }
interface ToolsValues { customTools: ToolValues[] }

const TYPE_OPTIONS: Array<{ value: ParameterType; label: string }> = [
  { value: 'string', label: 'Text' }, { value: 'number', label: 'Number' },
  { value: 'integer', label: 'Whole number' }, { value: 'boolean', label: 'Yes/no' },
];
const METHOD_OPTIONS = CUSTOM_TOOL_METHODS.map((m) => ({ value: m, label: m }));

const validateBody = validateWith(v.object({ customTools: CustomTools }), (values: ToolsValues) => ({ customTools: values.customTools ?? [] }));

/** Messages about a whole list, kept apart: final-form holds the list's value where its errors would go. */
const LIST_ERROR = 'customToolList';
const PARAMETER_LIST_ERROR = 'parameterList';

function validate(values: ToolsValues) {
  const { customTools, ...errors } = validateBody(values) as { customTools?: unknown };
  if (typeof customTools === 'string') return { ...errors, [LIST_ERROR]: customTools };
  if (!Array.isArray(customTools)) return errors;
  const tools = customTools.map((tool: Record<string, unknown> | undefined) => {
    if (!tool || typeof tool.parameters !== 'string') return tool;
    const { parameters, ...rest } = tool;
    return { ...rest, [PARAMETER_LIST_ERROR]: parameters };
  });
  return { ...errors, customTools: tools };
}

const newParameter = (): ParameterValues => ({ name: '', type: 'string', description: '', required: true });
const newTool = (): ToolValues => ({ name: '', description: '', url: '', method: 'POST', parameters: [] });

/** A sample value of each parameter's type, to start "Try it" from. */
const sampleOf = (parameters: readonly ParameterValues[]) =>
  JSON.stringify(Object.fromEntries(parameters.filter((p) => p.name).map((p) => [p.name, p.type === 'boolean' ? true : p.type === 'string' ? 'example' : 1])), null, 2);

function ParameterRow({ prefix, index, onRemove }: { prefix: string; index: number; onRemove: () => void }) {
  const name = `${prefix}.parameters.${index}`;
  return (
    <div role="group" aria-label={`Parameter ${index + 1}`}>
      <Row gutter={12} align="top">
        <Col xs={24} md={6}>
          <FormField<string> name={`${name}.name`} label="Parameter name" render={(input, c) => (
            <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={40} placeholder="order_number" />
          )} />
        </Col>
        <Col xs={24} md={5}>
          <FormField<ParameterType> name={`${name}.type`} label="Type" render={(input, c) => (
            <Select {...input} id={c.id} options={TYPE_OPTIONS} style={{ width: '100%' }} aria-describedby={c.describedBy} />
          )} />
        </Col>
        <Col xs={24} md={8}>
          <FormField<string> name={`${name}.description`} label="Parameter description" hint="What the model should put here" render={(input, c) => (
            <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={300} />
          )} />
        </Col>
        <Col xs={12} md={3} style={{ paddingTop: 30 }}>
          <CheckboxField name={`${name}.required`}>Required</CheckboxField>
        </Col>
        <Col xs={12} md={2} style={{ paddingTop: 28 }}>
          <Button onClick={onRemove} aria-label={`Remove parameter ${index + 1}`}>Remove</Button>
        </Col>
      </Row>
    </div>
  );
}

/** The answer of a sample request: what the endpoint said, and what the model would read. */
function TryResult({ result }: { result: TryCustomToolResult }) {
  return (
    <div role="status" aria-label="Try it result" style={{ marginTop: 12 }}>
      {result.error !== null && <Alert type="warning" showIcon title={result.error} description={`During a call the agent would say: “${result.modelSees}”`} style={{ marginBottom: 8 }} />}
      <Descriptions size="small" column={1} bordered items={[
        { key: 'status', label: 'Status', children: result.status === null ? 'No answer' : `HTTP ${result.status}` },
        { key: 'duration', label: 'Took', children: `${result.durationMs} ms` },
        { key: 'body', label: 'Answer', children: result.body === '' ? <Typography.Text type="secondary">Empty</Typography.Text> : <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{result.body}</Typography.Text> },
        ...(result.error === null ? [{ key: 'model', label: 'The model reads', children: result.modelSees }] : []),
      ]} />
    </div>
  );
}

/** Sends the tool as the form holds it, with sample arguments, and shows the answer. */
function TryIt({ agentId, index }: { agentId: string; index: number }) {
  const tool = useField<ToolValues>(`customTools.${index}`, { subscription: { value: true } }).input.value;
  const tryTool = useApiMutation(contract.agent.tryCustomTool);
  const [sample, setSample] = useState<string | null>(null);
  const [result, setResult] = useState<TryCustomToolResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = sample ?? sampleOf(tool.parameters ?? []);

  const run = async () => {
    setResult(null);
    setProblem(null);
    const checked = v.safeParse(CustomTool, tool);
    if (!checked.success) {
      setProblem('Fix this tool’s fields first');
      return;
    }
    let args: unknown;
    try {
      args = JSON.parse(shown || '{}');
    } catch {
      setProblem('Sample arguments must be JSON, e.g. {"order_number": "A-17"}');
      return;
    }
    try {
      const { data } = await tryTool.trigger({ body: { agentId, tool: checked.output, args: args as Record<string, string> } });
      setResult(data);
    } catch (caught) {
      setProblem(extractErrorText(caught));
    }
  };

  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text strong>Try it</Typography.Text>
      <Flex gap={8} align="start" style={{ marginTop: 4 }}>
        <Input.TextArea aria-label="Sample arguments (JSON)" rows={3} value={shown} onChange={(e) => setSample(e.target.value)} style={{ maxWidth: 480, fontFamily: 'monospace' }} />
        <Button onClick={() => void run()} loading={tryTool.isMutating}>Try it</Button>
      </Flex>
      {problem && <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>{problem}</Typography.Paragraph>}
      {result && <TryResult result={result} />}
    </div>
  );
}

function ToolCard({ agentId, index, onRemove }: { agentId: string; index: number; onRemove: () => void }) {
  const prefix = `customTools.${index}`;
  const { input } = useField<ParameterValues[]>(`${prefix}.parameters`, { subscription: { value: true } });
  const { errors, submitFailed } = useFormState({ subscription: { errors: true, submitFailed: true } });
  const parameters = input.value || [];
  const listError = submitFailed ? (errors?.customTools?.[index]?.[PARAMETER_LIST_ERROR] as string | undefined) : undefined;
  return (
    <section role="group" aria-label={`Tool ${index + 1}`} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 16, marginBottom: 16 }}>
      <Row gutter={12} align="top">
        <Col xs={24} md={8}>
          <FormField<string> name={`${prefix}.name`} label="Tool name" hint="Lowercase letters, digits and _" render={(i, c) => (
            <Input {...i} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={64} placeholder="check_order" />
          )} />
        </Col>
        <Col xs={24} md={4}>
          <FormField<Method> name={`${prefix}.method`} label="Method" render={(i, c) => (
            <Select {...i} id={c.id} options={METHOD_OPTIONS} style={{ width: '100%' }} aria-describedby={c.describedBy} />
          )} />
        </Col>
        <Col xs={24} md={12}>
          <FormField<string> name={`${prefix}.url`} label="Endpoint URL" render={(i, c) => (
            <Input {...i} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} placeholder="https://example.com/tools/check-order" />
          )} />
        </Col>
      </Row>
      <FormField<string> name={`${prefix}.description`} label="Description for the model" hint="When to use it and what it answers" render={(i, c) => (
        <Input.TextArea {...i} id={c.id} rows={2} maxLength={1000} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
      )} />
      <Typography.Text strong>Parameters</Typography.Text>
      {listError && <Typography.Paragraph type="danger" role="alert">{listError}</Typography.Paragraph>}
      {parameters.length === 0 && <Typography.Paragraph type="secondary">No parameters: the tool is called without arguments.</Typography.Paragraph>}
      {parameters.map((_, i) => (
        <ParameterRow key={i} prefix={prefix} index={i} onRemove={() => input.onChange(parameters.filter((__, j) => j !== i))} />
      ))}
      <Flex gap={8}>
        <Button onClick={() => input.onChange([...parameters, newParameter()])} disabled={parameters.length >= MAX_CUSTOM_TOOL_PARAMETERS}>Add parameter</Button>
        <Button danger onClick={onRemove} aria-label={`Remove tool ${index + 1}`}>Remove tool</Button>
      </Flex>
      <TryIt agentId={agentId} index={index} />
    </section>
  );
}

function ToolList({ agentId }: { agentId: string }) {
  const { input } = useField<ToolValues[]>('customTools', { subscription: { value: true } });
  const { errors, submitFailed } = useFormState({ subscription: { errors: true, submitFailed: true } });
  const tools = input.value || [];
  const listError = submitFailed ? (errors?.[LIST_ERROR] as string | undefined) : undefined;
  return (
    <>
      {listError && <Typography.Paragraph type="danger" role="alert">{listError}</Typography.Paragraph>}
      {tools.length === 0 && <Typography.Paragraph type="secondary">No tools yet: add one to let the agent ask your own system during a call.</Typography.Paragraph>}
      {tools.map((_, i) => (
        <ToolCard key={i} agentId={agentId} index={i} onRemove={() => input.onChange(tools.filter((__, j) => j !== i))} />
      ))}
      <Button onClick={() => input.onChange([...tools, newTool()])} disabled={tools.length >= MAX_CUSTOM_TOOLS}>Add tool</Button>
    </>
  );
}

/** The secret the endpoints verify requests with: its prefix, and a new one shown once. */
function SigningSecret({ agent }: { agent: AiAgent }) {
  const rotate = useApiMutation(contract.agent.rotateToolSecret, { invalidates: AGENT_READS });
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const renew = async () => {
    setProblem(null);
    try {
      const { data } = await rotate.trigger({ params: { agentId: agent.id } });
      setSecret(data.secret);
    } catch (caught) {
      setProblem(extractErrorText(caught));
    }
  };
  return (
    <PageCard title="Signing secret">
      <Typography.Paragraph type="secondary">
        Each request carries an <Typography.Text code>X-Tool-Signature</Typography.Text> header signed with this secret, as our webhooks are: check it before you answer.
      </Typography.Paragraph>
      <Flex gap={8} align="center">
        <Typography.Text>{agent.toolSecretPrefix === null ? 'Made when you save your first tool.' : <>Secret <Typography.Text code>{`${agent.toolSecretPrefix}…`}</Typography.Text></>}</Typography.Text>
        <Button onClick={() => void renew()} loading={rotate.isMutating}>{agent.toolSecretPrefix === null ? 'Make a secret' : 'New secret'}</Button>
      </Flex>
      {problem && <Typography.Paragraph type="danger" role="alert">{problem}</Typography.Paragraph>}
      {secret && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Copy the signing secret now: it will not be shown again. The old one no longer signs."
          description={<Typography.Text code copyable aria-label="New tool signing secret">{secret}</Typography.Text>}
          closable={{ 'aria-label': 'I have copied the secret' }}
          onClose={() => setSecret(null)}
        />
      )}
    </PageCard>
  );
}

/**
 * The agent's own tools: during a call the model may call them, and each call is a signed
 * request to the business's endpoint whose answer the model reads. Saving sends only the tools.
 */
export function CustomToolsTab({ agent }: { agent: AiAgent }) {
  const update = useApiMutation(contract.agent.updateAgent, { invalidates: AGENT_READS });
  const initialValues: ToolsValues = {
    customTools: agent.customTools.map((t) => ({ ...t, parameters: t.parameters.map((p) => ({ ...p })) })),
  };
  const submit = async (values: ToolsValues) => {
    try {
      await update.trigger({ params: { agentId: agent.id }, body: { customTools: values.customTools ?? [] } });
      notify.success('Tools saved');
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    <>
      <Form<ToolsValues> onSubmit={submit} validate={validate} initialValues={initialValues} subscription={{ submitting: true, submitError: true }}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Custom tools">
            <UnsavedChangesGuard />
            <PageCard title="Tools">
              <Typography.Paragraph type="secondary">
                The agent may call these during a call: we send the arguments to your endpoint and the model reads the answer (text or JSON). A slow or failing endpoint is never a dead line: the agent says it could not reach your system.
              </Typography.Paragraph>
              <ToolList agentId={agent.id} />
            </PageCard>
            <FormError text={submitError} />
            <Button type="primary" htmlType="submit" loading={submitting}>Save tools</Button>
          </form>
        )}
      </Form>
      <SigningSecret agent={agent} />
    </>
  );
}
