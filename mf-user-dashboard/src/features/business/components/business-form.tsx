import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { US_STATE_CODES, UpdateBusinessBody, contract, type Business } from 'shared-contracts';
import { Button, Col, FormField, Row, Select, TextField, validateWith, UnsavedChangesGuard } from 'shared-ui';

type Editable = Omit<Business, 'accountId' | 'updatedAt'>;
type TextKey = Exclude<keyof Editable, 'industryId' | 'stateCode' | 'description'>;

const TEXT_FIELDS: Array<[TextKey, string, number]> = [
  ['name', 'Business name', 12], ['website', 'Website', 12], ['email', 'Business email', 12], ['phoneNumber', 'Business phone', 12],
  ['addressLine1', 'Address', 12], ['addressLine2', 'Address line 2', 12], ['city', 'City', 8], ['postalCode', 'ZIP code', 8],
];

const editable = ({ accountId: _a, updatedAt: _u, ...rest }: Business): Editable => rest;
/** An emptied optional field is cleared (null); the name is required and sent as typed. */
const normalise = (key: keyof Editable, value: string | null | undefined) =>
  key !== 'name' && (value === null || value === undefined || value.trim() === '') ? null : value;
/** Only what differs from the stored profile goes to the server. */
const changesOf = (values: Editable, initial: Editable) =>
  Object.fromEntries((Object.keys(initial) as Array<keyof Editable>)
    .map((key) => [key, normalise(key, values[key])] as const)
    .filter(([key, value]) => value !== initial[key]));

export function BusinessForm({ business, industries }: { business: Business; industries: Array<{ id: string; name: string }> }) {
  const initial = useMemo(() => editable(business), [business]);
  // The contract's own rules over what would be sent, so each field says what the server would refuse, in its words.
  const validate = useMemo(() => validateWith(UpdateBusinessBody, (values: Editable) => changesOf(values, initial)), [initial]);
  const save = useApiMutation(contract.company.updateBusiness, { invalidates: [contract.company.getAccountBusiness] });

  const submit = async (values: Editable) => {
    try {
      await save.trigger({ body: changesOf(values, initial) });
      notify.success('Business profile saved');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Form<Editable> onSubmit={submit} validate={validate} initialValues={initial}>
      {({ handleSubmit, submitting, values }) => (
        <form aria-label="Business profile" noValidate onSubmit={handleSubmit}>
          <UnsavedChangesGuard />
          <Row gutter={16}>
            {TEXT_FIELDS.map(([key, text, span]) => (
              <Col xs={24} md={span} key={key}>
                <TextField name={key} label={text} />
              </Col>
            ))}
            <Col xs={24} md={8}>
              <FormField<string | null> name="stateCode" label="State" allowNull render={(input, c) => (
                <Select id={c.id} allowClear showSearch placeholder="Choose a state" value={input.value ?? undefined} status={c.status}
                  aria-invalid={c.invalid} aria-describedby={c.describedBy} onChange={(code?: string) => input.onChange(code ?? null)}
                  onBlur={() => input.onBlur()} options={US_STATE_CODES.map((code) => ({ value: code, label: code }))} style={{ width: '100%' }} />
              )} />
            </Col>
            <Col xs={24} md={12}>
              <FormField<string | null> name="industryId" label="Industry" allowNull render={(input, c) => (
                <Select id={c.id} allowClear showSearch optionFilterProp="label" placeholder="Choose an industry" value={input.value ?? undefined}
                  status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} onChange={(id?: string) => input.onChange(id ?? null)}
                  onBlur={() => input.onBlur()} options={industries.map((i) => ({ value: i.id, label: i.name }))} style={{ width: '100%' }} />
              )} />
            </Col>
            <Col xs={24}>
              <TextField name="description" label="Description" rows={3} />
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" disabled={Object.keys(changesOf(values, initial)).length === 0} loading={submitting}>
            Save business profile
          </Button>
        </form>
      )}
    </Form>
  );
}
