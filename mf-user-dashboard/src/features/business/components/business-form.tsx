import { useState, type ReactNode } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { US_STATE_CODES, UpdateBusinessBody, contract, fieldErrors, type Business } from 'shared-contracts';
import { Button, Col, Input, Row, Select, Typography } from 'shared-ui';

type Editable = Omit<Business, 'accountId' | 'updatedAt'>;
type TextKey = Exclude<keyof Editable, 'industryId' | 'stateCode'>;

const TEXT_FIELDS: Array<[TextKey, string, number]> = [
  ['name', 'Business name', 12], ['website', 'Website', 12], ['email', 'Business email', 12], ['phoneNumber', 'Business phone', 12],
  ['addressLine1', 'Address', 12], ['addressLine2', 'Address line 2', 12], ['city', 'City', 8], ['postalCode', 'ZIP code', 8],
];

const editable = ({ accountId: _a, updatedAt: _u, ...rest }: Business): Editable => rest;
/** An emptied optional field is cleared (null); the name is required and sent as typed. */
const normalise = (key: keyof Editable, value: string | null) => (key !== 'name' && (value === null || value.trim() === '') ? null : value);
const fieldId = (key: keyof Editable) => `business-${key}`;

export function BusinessForm({ business, industries }: { business: Business; industries: Array<{ id: string; name: string }> }) {
  const initial = editable(business);
  const [values, setValues] = useState<Editable>(initial);
  // Like the other forms: a field's message shows once it was left, or once a save was tried.
  const [left, setLeft] = useState<ReadonlySet<keyof Editable>>(new Set());
  const [tried, setTried] = useState(false);
  const save = useApiMutation(contract.company.updateBusiness, { invalidates: [contract.company.getAccountBusiness] });
  const changed = (Object.keys(values) as Array<keyof Editable>).filter((k) => normalise(k, values[k]) !== initial[k]);
  const body = Object.fromEntries(changed.map((k) => [k, normalise(k, values[k])]));
  // The contract's own rules, so each field says what the server would refuse, in its words.
  const errors = fieldErrors(UpdateBusinessBody, body) as Partial<Record<keyof Editable, string>>;
  const set = (key: keyof Editable, value: string | null) => setValues((v) => ({ ...v, [key]: value }));
  const leave = (key: keyof Editable) => setLeft((keys) => new Set(keys).add(key));
  const shownError = (key: keyof Editable) => (tried || left.has(key) ? errors[key] : undefined);
  const errorProps = (key: keyof Editable) => {
    const error = shownError(key);
    return { status: error ? ('error' as const) : undefined, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${fieldId(key)}-error` : undefined };
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    try {
      await save.trigger({ body });
      notify.success('Business profile saved');
    } catch (error) {
      notify.error(error);
    }
  };

  const field = (key: keyof Editable, text: string, control: ReactNode) => {
    const error = shownError(key);
    return (
      <>
        <label htmlFor={fieldId(key)} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>{text}</label>
        {control}
        {error && <Typography.Text type="danger" id={`${fieldId(key)}-error`} style={{ display: 'block', marginTop: 4 }}>{error}</Typography.Text>}
      </>
    );
  };
  return (
    <form aria-label="Business profile" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Row gutter={16}>
        {TEXT_FIELDS.map(([key, text, span]) => (
          <Col xs={24} md={span} key={key} style={{ marginBottom: 16 }}>
            {field(key, text, (
              <Input id={fieldId(key)} value={values[key] ?? ''} onChange={(e) => set(key, e.target.value)} onBlur={() => leave(key)} {...errorProps(key)} />
            ))}
          </Col>
        ))}
        <Col xs={24} md={8} style={{ marginBottom: 16 }}>
          {field('stateCode', 'State', (
            <Select id={fieldId('stateCode')} allowClear showSearch placeholder="Choose a state" value={values.stateCode ?? undefined} {...errorProps('stateCode')}
              onChange={(code?: string) => set('stateCode', code ?? null)} options={US_STATE_CODES.map((c) => ({ value: c, label: c }))} style={{ width: '100%' }} />
          ))}
        </Col>
        <Col xs={24} md={12} style={{ marginBottom: 16 }}>
          {field('industryId', 'Industry', (
            <Select id={fieldId('industryId')} allowClear showSearch optionFilterProp="label" placeholder="Choose an industry" value={values.industryId ?? undefined} {...errorProps('industryId')}
              onChange={(id?: string) => set('industryId', id ?? null)} options={industries.map((i) => ({ value: i.id, label: i.name }))} style={{ width: '100%' }} />
          ))}
        </Col>
        <Col xs={24} style={{ marginBottom: 16 }}>
          {field('description', 'Description', (
            <Input.TextArea id={fieldId('description')} rows={3} value={values.description ?? ''} onChange={(e) => set('description', e.target.value)} onBlur={() => leave('description')} {...errorProps('description')} />
          ))}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" disabled={changed.length === 0} loading={save.isMutating}>Save business profile</Button>
    </form>
  );
}
