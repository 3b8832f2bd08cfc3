import { useEffect } from 'react';
import { contract } from 'shared-contracts';
import { useSessionUser } from '../auth/use-auth-state';
import { callApi } from '../http/call-api';
import { endExpiredSession } from '../http/session-expiry';

/** How often a person working without calling the API (typing a long prompt) is reported present. */
export const ACTIVITY_REPORT_MS = 60_000;

/**
 * The server ends a session idle for its timeout, and sees only API requests. Typing and
 * clicking are activity too: while there were any in the last minute, the session is told so
 * once a minute, so a long form is not cut off by the idle timeout while it is being written.
 */
export function useActivityKeepalive(everyMs: number = ACTIVITY_REPORT_MS): void {
  const signedIn = useSessionUser() !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    let active = false;
    const mark = () => {
      active = true;
    };
    const report = setInterval(() => {
      if (!active) return;
      active = false;
      callApi(contract.auth.sessionUser)
        .then(({ data }) => {
          // The session ended on the server meanwhile (revoked elsewhere): say so now.
          if (data === null) endExpiredSession();
        })
        .catch(() => undefined);
    }, everyMs);
    window.addEventListener('keydown', mark, true);
    window.addEventListener('pointerdown', mark, true);
    return () => {
      clearInterval(report);
      window.removeEventListener('keydown', mark, true);
      window.removeEventListener('pointerdown', mark, true);
    };
  }, [signedIn, everyMs]);
}
