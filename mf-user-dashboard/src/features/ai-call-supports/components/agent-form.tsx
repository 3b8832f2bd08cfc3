import { Field, Form } from 'react-final-form';
import { AGENT_LANGUAGES, AGENT_MAX_CALL_MINUTES, CreateAgentBody, PIPELINE_SPEAKS_TEXT, TWILIO_SPEAKS_TEXT, type CreateAgentInput } from 'shared-contracts';
import { Button, Col, FormError, FormField, Input, InputNumber, PageCard, Row, Select, Switch, formErrorOf, validateWith, UnsavedChangesGuard } from 'shared-ui';
import { AiModelField } from './ai-model-field';
import { BusinessHoursFields } from './business-hours-fields';
import { parseAgentValues, valuesToInput, type AgentFormValues } from '../model/agent-form-values';
import { KnowledgeUpload } from './knowledge-upload';
import { ModelSettingsFields } from './model-settings-fields';
import { SpeechPathField } from './speech-path-field';
import { SquareLocationField } from './square-location-field';
import { VoicePicker } from './voice-picker';

const HANDLE_OPTIONS = [
  { value: 'inbound', label: 'Inbound calls' },
  { value: 'outbound', label: 'Outbound calls' },
  { value: 'both', label: 'Inbound & outbound' },
];
const LANGUAGE_LABELS: Record<(typeof AGENT_LANGUAGES)[number], string> = { 'en-US': 'English (US)', 'es-US': 'Spanish (US)' };

const validate = validateWith(CreateAgentBody, valuesToInput);

interface AgentFormProps {
  accountId: string;
  initialValues: AgentFormValues;
  submitLabel: string;
  /** Saves the parsed body; throws the API error on failure. */
  onSave: (body: ReturnType<typeof parseAgentValues>) => Promise<void>;
}

/** The agent's settings as one form: long only as a list of fields, each a few lines, in the order the screen shows them. */
export function AgentForm({ accountId, initialValues, submitLabel, onSave }: AgentFormProps) {
  const submit = async (values: AgentFormValues) => {
    try {
      await onSave(parseAgentValues(values));
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    // Only the submit state re-renders the whole form; each field re-renders on its own change.
    <Form<AgentFormValues> onSubmit={submit} validate={validate} initialValues={initialValues} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError, form }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="AI call support settings">
          <UnsavedChangesGuard />
          <PageCard title="Basics">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <FormField<string> name="name" label="Agent name" render={(input, c) => (
                  <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={100} />
                )} />
              </Col>
              <Col xs={24} md={12}>
                <FormField<CreateAgentInput['handleCallType']> name="handleCallType" label="Handles" render={(input, c) => (
                  <Select {...input} id={c.id} options={HANDLE_OPTIONS} style={{ width: '100%' }} aria-describedby={c.describedBy} />
                )} />
              </Col>
              <Col xs={24} md={12}>
                <FormField<string> name="phoneNumber" label="Agent phone number" hint="US number; leave empty to assign one later" render={(input, c) => (
                  <Input {...input} id={c.id} placeholder="+15551234567" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
                )} />
              </Col>
              <Col xs={24} md={12}>
                <FormField<string> name="transferNumber" label="Transfer number" hint="Where callers asking for a person are sent" render={(input, c) => (
                  <Input {...input} id={c.id} placeholder="+15551234567" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
                )} />
              </Col>
              <Col xs={24} md={8}>
                <FormField<string> name="language" label="Language" render={(input, c) => (
                  <Select {...input} id={c.id} style={{ width: '100%' }} options={AGENT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
                )} />
              </Col>
              <Col xs={24} md={8}>
                <FormField<number | null> name="maxCallMinutes" label="Maximum call length (minutes)" render={(input, c) => (
                  <InputNumber {...input} id={c.id} min={1} max={AGENT_MAX_CALL_MINUTES} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} style={{ width: '100%' }} />
                )} />
              </Col>
              <Col xs={24} md={8}>
                <FormField<boolean> name="recordCalls" label="Record calls" render={(input, c) => (
                  <Switch id={c.id} checked={input.value} onChange={input.onChange} />
                )} />
              </Col>
            </Row>
          </PageCard>
          <BusinessHoursFields />
          <PageCard title="Conversation">
            <FormField<string> name="greeting" label="Greeting" render={(input, c) => (
              <Input.TextArea {...input} id={c.id} rows={2} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
            <FormField<string> name="prompt" label="Instructions" render={(input, c) => (
              <Input.TextArea {...input} id={c.id} rows={5} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
            <AiModelField />
            <ModelSettingsFields />
            <SpeechPathField />
            <Field<string> name="speechPath" subscription={{ value: true }} render={({ input: path }) => (
              <Field<string> name="greeting" subscription={{ value: true }} render={({ input: greeting }) => (
                <FormField<string> name="voiceId" label="Voice" hint={path.value === 'pipeline' ? PIPELINE_SPEAKS_TEXT : TWILIO_SPEAKS_TEXT} render={(input, c) => (
                  <VoicePicker {...c} value={input.value} onChange={input.onChange} onBlur={() => input.onBlur()} sampleText={greeting.value} />
                )} />
              )} />
            )} />
          </PageCard>
          <PageCard title="Knowledge">
            <KnowledgeUpload onText={(result) => {
              const current = form.getState().values.knowledge;
              form.change('knowledge', current.trim() === '' ? result.text : `${current}\n\n${result.text}`);
            }} />
            <FormField<string> name="knowledge" label="Knowledge text" hint="What the agent may tell callers; saved with the agent" render={(input, c) => (
              <Input.TextArea {...input} id={c.id} rows={8} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
            <SquareLocationField accountId={accountId} />
          </PageCard>
          <FormError text={submitError} />
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </form>
      )}
    </Form>
  );
}
