import { useState } from 'react';
import { notify, setTimeZone, useApiMutation } from 'shared-auth';
import {
  DATE_FORMATS, PREFERENCE_UPDATE_FAILED_TEXT, PREFERENCE_UPDATED_TEXT, contract, type UserPreference,
} from 'shared-contracts';
import { Button, Col, Flex, Row, Select, Switch, Typography } from 'shared-ui';

interface PreferencesFormProps {
  userId: string;
  initial: UserPreference;
  timeZones: Array<{ value: string; label: string }>;
}

const TIME_FORMAT_OPTIONS = [{ value: '12h', label: '12-hour (2:30 PM)' }, { value: '24h', label: '24-hour (14:30)' }];
const TOGGLES = [
  ['emailNotifications', 'Email notifications'],
  ['smsNotifications', 'SMS notifications'],
  ['weeklySummaryEmail', 'Weekly summary email'],
] as const;

/** The user's time zone, formats and notifications, saved together. */
export function PreferencesForm({ userId, initial, timeZones }: PreferencesFormProps) {
  const [values, setValues] = useState<UserPreference>(initial);
  const save = useApiMutation(contract.users.updateUserPreference, { invalidates: [contract.account.getAccountPreference] });
  const changed = (Object.keys(values) as Array<keyof UserPreference>).filter((k) => values[k] !== initial[k]);
  const set = <K extends keyof UserPreference>(key: K, value: UserPreference[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    try {
      const body = Object.fromEntries(changed.map((k) => [k, values[k]]));
      const { data } = await save.trigger({ params: { userId }, body });
      // The session user's zone formats every date on screen; it changes at once.
      setTimeZone(data.timezone);
      notify.success(PREFERENCE_UPDATED_TEXT);
    } catch (error) {
      notify.error(error, PREFERENCE_UPDATE_FAILED_TEXT);
    }
  };

  return (
    <form aria-label="Preferences" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <label htmlFor="pref-timezone" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Time zone</label>
          <Select id="pref-timezone" showSearch optionFilterProp="label" value={values.timezone} onChange={(tz) => set('timezone', tz)} options={timeZones} style={{ width: '100%', marginBottom: 16 }} />
        </Col>
        <Col xs={24} md={6}>
          <label htmlFor="pref-date" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Date format</label>
          <Select id="pref-date" value={values.dateFormat} onChange={(f) => set('dateFormat', f)} options={DATE_FORMATS.map((f) => ({ value: f, label: f }))} style={{ width: '100%', marginBottom: 16 }} />
        </Col>
        <Col xs={24} md={6}>
          <label htmlFor="pref-time" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Time format</label>
          <Select id="pref-time" value={values.timeFormat} onChange={(f) => set('timeFormat', f)} options={TIME_FORMAT_OPTIONS} style={{ width: '100%', marginBottom: 16 }} />
        </Col>
      </Row>
      <Flex vertical gap={12} style={{ marginBottom: 24 }}>
        {TOGGLES.map(([key, label]) => (
          <Flex key={key} gap={8} align="center">
            <Switch aria-label={label} checked={values[key]} onChange={(on) => set(key, on)} />
            <Typography.Text>{label}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <Button type="primary" htmlType="submit" disabled={changed.length === 0} loading={save.isMutating}>
        Save preferences
      </Button>
    </form>
  );
}
