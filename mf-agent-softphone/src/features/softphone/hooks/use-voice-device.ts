import { useEffect, useRef, useState } from 'react';
import { callApi, getRuntimeConfig, isApiError, notify, useSessionUser } from 'shared-auth';
import {
  CALL_SYSTEM_INIT_FAILED_TEXT, callErrorText, contract, extractErrorText, isTokenError, TOKEN_EXPIRY_WARNING_MS, voiceErrorMessage,
} from 'shared-contracts';
import { createPhoneDevice } from 'shared-voice';
import type { PhoneCall, PhoneDevice } from 'shared-voice';

/** 'unavailable': the server has no telephony to register with (it says why). */
export type DeviceStatus = 'starting' | 'ready' | 'offline' | 'failed' | 'unavailable';

interface Handlers {
  onIncoming: (call: PhoneCall) => void;
}

const fetchToken = (identity: string) => callApi(contract.call.generateToken, { body: { identity } });

/**
 * Fetches a voice token, creates the device the API's provider calls for, registers it, and
 * keeps its token fresh: a timer from the token's ttl (the SDK's tokenWillExpire may fire only
 * once) and the SDK's own warning both refresh it TOKEN_EXPIRY_WARNING_MS before it ends.
 */
export function useVoiceDevice(handlers: Handlers): { device: PhoneDevice | null; status: DeviceStatus; unavailableText: string | null } {
  const user = useSessionUser();
  const identity = user?.role === 'AGENT' ? user.email : null;
  const [device, setDevice] = useState<PhoneDevice | null>(null);
  const [status, setStatus] = useState<DeviceStatus>('starting');
  const [unavailableText, setUnavailableText] = useState<string | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (identity === null) return undefined;
    let cancelled = false;
    let current: PhoneDevice | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshing = false;

    const scheduleRefresh = (ttlSeconds: number) => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void refresh(), Math.max(1_000, ttlSeconds * 1000 - TOKEN_EXPIRY_WARNING_MS));
    };
    const refresh = async () => {
      if (refreshing || cancelled || current === null) return;
      refreshing = true;
      try {
        const { data } = await fetchToken(identity);
        if (cancelled) return;
        current.updateToken(data.token);
        scheduleRefresh(data.ttlSeconds);
      } catch (error) {
        notify.error(error);
      } finally {
        refreshing = false;
      }
    };

    void (async () => {
      try {
        const { data } = await fetchToken(identity);
        if (cancelled) return;
        const created = await createPhoneDevice(data.provider, data.token, getRuntimeConfig().wsBase);
        if (cancelled) {
          created.destroy();
          return;
        }
        current = created;
        created.on('incoming', (call) => latest.current.onIncoming(call));
        created.on('registered', () => setStatus('ready'));
        created.on('unregistered', () => setStatus((s) => (s === 'failed' ? s : 'offline')));
        created.on('tokenWillExpire', () => void refresh());
        created.on('error', (error) => {
          notify.error(callErrorText(voiceErrorMessage(error.code)));
          if (isTokenError(error.code)) void refresh();
        });
        setDevice(created);
        scheduleRefresh(data.ttlSeconds);
        await created.register();
      } catch (error) {
        if (cancelled) return;
        // A lasting state of the server, not a failure to retry: shown on the softphone, not toasted.
        if (isApiError(error) && error.status === 503) {
          setStatus('unavailable');
          setUnavailableText(extractErrorText(error));
          return;
        }
        setStatus('failed');
        notify.error(CALL_SYSTEM_INIT_FAILED_TEXT);
      }
    })();

    return () => {
      cancelled = true;
      clearTimeout(refreshTimer);
      current?.destroy();
      setDevice(null);
      setStatus('starting');
      setUnavailableText(null);
    };
  }, [identity]);

  return { device, status, unavailableText };
}
