import { useEffect, useState } from 'react';
import { Typography } from 'shared-ui';
import { softphoneHeader, type SoftphoneState } from '../model/softphone-machine';

/** "Ready For Call", or "Queue Call / Mobile" with the number and a timer ticking each second. */
export function CallHeader({ state }: { state: SoftphoneState }) {
  const [now, setNow] = useState(() => Date.now());
  const running = state.answeredAt !== null;
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const header = softphoneHeader(state, now);
  return (
    <header role="status" aria-label="Call status" style={{ textAlign: 'center', marginBottom: 8 }}>
      <Typography.Text strong>{header.title}</Typography.Text>
      {header.number !== null && <div>{header.number}</div>}
      {header.timer !== null && <div aria-label="Call timer" style={{ fontVariantNumeric: 'tabular-nums' }}>{header.timer}</div>}
      {header.held !== null && <Typography.Text type="warning" style={{ fontVariantNumeric: 'tabular-nums' }}>{header.held}</Typography.Text>}
    </header>
  );
}
