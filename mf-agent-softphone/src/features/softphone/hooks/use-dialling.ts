import { notify } from 'shared-auth';
import { CALL_CONNECT_FAILED_TEXT, checkDial } from 'shared-contracts';
import type { PhoneDevice } from 'shared-voice';
import type { CallSession } from './use-call-session';
import type { DeviceStatus } from './use-voice-device';

/** Placing a call from this softphone; hanging up before the device hands it over abandons it. */
export function useDialling({ dispatch, placing, follow, markActive }: CallSession, device: PhoneDevice | null, status: DeviceStatus) {
  /** `beforePlacing` runs once the number and the device pass their checks, just before the call is placed. */
  const dial = async (rawNumber: string, beforePlacing?: () => void) => {
    const checked = checkDial({ number: rawNumber, deviceReady: device !== null && status === 'ready' });
    if (!checked.ok) {
      notify.error(checked.error);
      return;
    }
    beforePlacing?.();
    const attempt = Symbol('dial');
    placing.current = attempt;
    dispatch({ type: 'dialing', number: checked.number });
    markActive(true);
    try {
      const placed = await device!.connect(checked.number);
      if (placing.current !== attempt) {
        // The agent hung up while it was being placed: it must not ring on with nobody to hear it.
        placed.disconnect();
        return;
      }
      placing.current = null;
      follow(placed, () => dispatch({ type: 'connected', at: Date.now() }));
    } catch {
      if (placing.current !== attempt) return;
      placing.current = null;
      dispatch({ type: 'dialFailed' });
      markActive(false);
      notify.error(CALL_CONNECT_FAILED_TEXT);
    }
  };

  return { dial };
}
