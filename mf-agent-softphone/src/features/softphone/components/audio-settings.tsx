import { useState } from 'react';
import { notify } from 'shared-auth';
import { Select } from 'shared-ui';
import type { PhoneDevice } from 'shared-voice';

/** Microphone and speaker choice, when the device can list them (the simulator has none). */
export function AudioSettings({ device }: { device: PhoneDevice }) {
  const { inputs, outputs } = device.audioDevices();
  const [input, setInput] = useState<string | undefined>();
  const [output, setOutput] = useState<string | undefined>();
  if (inputs.length === 0 && outputs.length === 0) return null;
  const options = (list: MediaDeviceInfo[]) => list.map((d) => ({ value: d.deviceId, label: d.label || d.deviceId }));
  const choose = (apply: (id: string) => Promise<void>, set: (id: string) => void) => (id: string) => {
    set(id);
    apply(id).catch((error: unknown) => notify.error(error));
  };
  return (
    <div style={{ display: 'grid', gap: 6, marginTop: 8 }}>
      <Select aria-label="Microphone" placeholder="Microphone" size="small" value={input} options={options(inputs)}
        onChange={choose((id) => device.setInputDevice(id), setInput)} />
      <Select aria-label="Speaker" placeholder="Speaker" size="small" value={output} options={options(outputs)}
        onChange={choose((id) => device.setOutputDevice(id), setOutput)} />
    </div>
  );
}
