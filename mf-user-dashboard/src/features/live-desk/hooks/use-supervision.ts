import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, getRuntimeConfig, notify, useSessionUser } from 'shared-auth';
import { CALL_SUPERVISION_TEXT, callErrorText, contract, voiceErrorMessage, type SuperviseMode } from 'shared-contracts';
import type { PhoneCall, PhoneDevice } from 'shared-voice';

/** The call the signed-in USER supervises from this page: joining (their phone is calling in) or on it. */
export interface ActiveSupervision {
  callSid: string;
  mode: SuperviseMode;
  state: 'joining' | 'on';
}

export interface Supervision {
  active: ActiveSupervision | null;
  /** Claims the call and brings this browser's phone onto it, listening. */
  listen(callSid: string): Promise<void>;
  changeMode(mode: SuperviseMode): Promise<void>;
  leave(): Promise<void>;
}

/**
 * The USER's browser phone for supervising calls: made when they choose to listen to a call (the
 * phone code is fetched only then), on one call at a time, and let go when they leave it, the call
 * ends, or the page closes (the server then ends the supervision with the leg).
 */
export function useSupervision(onChange: () => void): Supervision {
  const user = useSessionUser();
  const [active, setActive] = useState<ActiveSupervision | null>(null);
  const phone = useRef<{ device: PhoneDevice; call: PhoneCall | null } | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  const hangUp = useCallback(() => {
    const current = phone.current;
    phone.current = null;
    current?.call?.disconnect();
    current?.device.destroy();
    setActive(null);
  }, []);

  useEffect(() => hangUp, [hangUp]);

  const listen = useCallback(async (callSid: string) => {
    if (user === null || phone.current !== null) return;
    try {
      const { data: claim } = await callApi(contract.desk.superviseCall, { body: { callSid, mode: 'listen' } });
      setActive({ callSid, mode: claim.mode, state: 'joining' });
      const [{ data: token }, { createPhoneDevice }] = await Promise.all([
        callApi(contract.call.generateToken, { body: { identity: user.email } }),
        import('shared-voice'),
      ]);
      const device = await createPhoneDevice(token.provider, token.token, getRuntimeConfig().wsBase);
      phone.current = { device, call: null };
      await device.register();
      const call = await device.connect(claim.connectTo);
      if (phone.current?.device !== device) {
        call.disconnect();
        return;
      }
      phone.current.call = call;
      call.on('accept', () => {
        setActive((now) => (now?.callSid === callSid ? { ...now, state: 'on' } : now));
        changed.current();
      });
      const ended = () => {
        if (phone.current?.call !== call) return;
        hangUp();
        changed.current();
      };
      call.on('disconnect', ended);
      call.on('cancel', ended);
      call.on('error', (error) => notify.error(callErrorText(voiceErrorMessage(error.code))));
    } catch (error) {
      hangUp();
      // The claim may stand without a phone on it: it is let go so another supervisor can take the call.
      void callApi(contract.desk.stopSupervising, { body: { callSid } }).catch(() => undefined);
      notify.error(error);
      changed.current();
    }
  }, [user, hangUp]);

  const changeMode = useCallback(async (mode: SuperviseMode) => {
    if (active === null) return;
    try {
      await callApi(contract.desk.superviseCall, { body: { callSid: active.callSid, mode } });
      setActive((now) => (now?.callSid === active.callSid ? { ...now, mode } : now));
    } catch (error) {
      notify.error(error);
    }
  }, [active]);

  const leave = useCallback(async () => {
    if (active === null) return;
    try {
      await callApi(contract.desk.stopSupervising, { body: { callSid: active.callSid } });
      notify.success(CALL_SUPERVISION_TEXT.left);
    } catch (error) {
      notify.error(error);
    } finally {
      hangUp();
      changed.current();
    }
  }, [active, hangUp]);

  return { active, listen, changeMode, leave };
}
