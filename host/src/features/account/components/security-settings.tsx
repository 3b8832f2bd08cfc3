import { useState } from 'react';
import type { ReactNode } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { PREFERENCE_UPDATED_TEXT, PREFERENCE_UPDATE_FAILED_TEXT, SESSION_TIMEOUT_MINUTES, contract } from 'shared-contracts';
import type { SecurityPreference } from 'shared-contracts';
import { Flex, Select, Switch, Typography } from 'shared-ui';

const TIMEOUTS = [15, 30, 60, 240, 720, 1440].filter((m) => m >= SESSION_TIMEOUT_MINUTES.min && m <= SESSION_TIMEOUT_MINUTES.max);
const timeoutLabel = (m: number) => (m < 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? '' : 's'}`);

interface Props {
  userId: string;
  value: SecurityPreference;
  onSaved: (next: SecurityPreference) => void;
}

/** Two-step verification on/off, sign-in alerts and the idle timeout; each change saves at once. */
export function SecuritySettings({ userId, value, onSaved }: Props) {
  const update = useApiMutation(contract.users.updateSecurityPreference);
  // A security preference is a preference: the spec's preference toasts.
  // One change at a time, shown on its own control: a second one cannot overtake the first.
  const [saving, setSaving] = useState<keyof SecurityPreference | null>(null);
  const save = async (body: Partial<SecurityPreference>) => {
    setSaving(Object.keys(body)[0] as keyof SecurityPreference);
    try {
      const { data } = await update.trigger({ params: { userId }, body });
      onSaved(data);
      notify.success(PREFERENCE_UPDATED_TEXT);
    } catch (error) {
      notify.error(error, PREFERENCE_UPDATE_FAILED_TEXT);
    } finally {
      setSaving(null);
    }
  };
  const row = (label: string, hint: string, control: ReactNode) => (
    <Flex justify="space-between" align="center" gap={16}>
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{hint}</Typography.Paragraph>
      </div>
      {control}
    </Flex>
  );
  return (
    <Flex vertical gap={20}>
      {row('Two-step verification', 'After your password, enter a code we email you.', (
        <Switch
          aria-label="Two-step verification"
          checked={value.twoStepEnabled}
          loading={saving === 'twoStepEnabled'}
          disabled={saving !== null}
          onChange={(on) => void save({ twoStepEnabled: on })}
        />
      ))}
      {row('Sign-in alerts', 'Email me when my account is signed in to.', (
        <Switch
          aria-label="Sign-in alerts"
          checked={value.loginAlerts}
          loading={saving === 'loginAlerts'}
          disabled={saving !== null}
          onChange={(on) => void save({ loginAlerts: on })}
        />
      ))}
      {row('Sign out when idle', 'End a session after this long without activity.', (
        <Select
          aria-label="Sign out when idle"
          value={value.sessionTimeoutMinutes}
          loading={saving === 'sessionTimeoutMinutes'}
          disabled={saving !== null}
          style={{ width: 140 }}
          options={[...new Set([...TIMEOUTS, value.sessionTimeoutMinutes])].sort((a, b) => a - b).map((m) => ({ value: m, label: timeoutLabel(m) }))}
          onChange={(m: number) => void save({ sessionTimeoutMinutes: m })}
        />
      ))}
    </Flex>
  );
}
