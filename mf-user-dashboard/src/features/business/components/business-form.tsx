import { useState } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { US_STATE_CODES, contract, type Business } from 'shared-contracts';
import { Button, Col, Input, Row, Select } from 'shared-ui';

type Editable = Omit<Business, 'accountId' | 'updatedAt'>;
type TextKey = Exclude<keyof Editable, 'industryId' | 'stateCode'>;

const TEXT_FIELDS: Array<[TextKey, string, number]> = [
  ['name', 'Business name', 12], ['website', 'Website', 12], ['email', 'Business email', 12], ['phoneNumber', 'Business phone', 12],
  ['addressLine1', 'Address', 12], ['addressLine2', 'Address line 2', 12], ['city', 'City', 8], ['postalCode', 'ZIP code', 8],
];

const editable = ({ accountId: _a, updatedAt: _u, ...rest }: Business): Editable => rest;
/** An emptied optional field is cleared (null); the name is required and sent as typed. */
const normalise = (key: keyof Editable, value: string | null) => (key !== 'name' && (value === null || value.trim() === '') ? null : value);

export function BusinessForm({ business, industries }: { business: Business; industries: Array<{ id: string; name: string }> }) {
  const initial = editable(business);
  const [values, setValues] = useState<Editable>(initial);
  const save = useApiMutation(contract.company.updateBusiness, { invalidates: [contract.company.getAccountBusiness] });
  const changed = (Object.keys(values) as Array<keyof Editable>).filter((k) => normalise(k, values[k]) !== initial[k]);
  const set = (key: keyof Editable, value: string | null) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    try {
      await save.trigger({ body: Object.fromEntries(changed.map((k) => [k, normalise(k, values[k])])) });
      notify.success('Business profile saved');
    } catch (error) {
      notify.error(error);
    }
  };

  const label = (id: string, text: string) => <label htmlFor={id} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>{text}</label>;
  return (
    <form aria-label="Business profile" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Row gutter={16}>
        {TEXT_FIELDS.map(([key, text, span]) => (
          <Col xs={24} md={span} key={key} style={{ marginBottom: 16 }}>
            {label(`business-${key}`, text)}
            <Input id={`business-${key}`} value={values[key] ?? ''} onChange={(e) => set(key, e.target.value)} />
          </Col>
        ))}
        <Col xs={24} md={8} style={{ marginBottom: 16 }}>
          {label('business-state', 'State')}
          <Select id="business-state" allowClear showSearch placeholder="Choose a state" value={values.stateCode ?? undefined}
            onChange={(code?: string) => set('stateCode', code ?? null)} options={US_STATE_CODES.map((c) => ({ value: c, label: c }))} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} md={12} style={{ marginBottom: 16 }}>
          {label('business-industry', 'Industry')}
          <Select id="business-industry" allowClear showSearch optionFilterProp="label" placeholder="Choose an industry" value={values.industryId ?? undefined}
            onChange={(id?: string) => set('industryId', id ?? null)} options={industries.map((i) => ({ value: i.id, label: i.name }))} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} style={{ marginBottom: 16 }}>
          {label('business-description', 'Description')}
          <Input.TextArea id="business-description" rows={3} value={values.description ?? ''} onChange={(e) => set('description', e.target.value)} />
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" disabled={changed.length === 0} loading={save.isMutating}>Save business profile</Button>
    </form>
  );
}
