import { useEffect, useState } from 'react';
import { useApi, type ApiError } from 'shared-auth';
import { contract, type CheckoutSession } from 'shared-contracts';

/** A provider's webhook may land a moment after the buyer returns: ask again this often while it is open. */
const CONFIRM_POLL_MS = 2000;
/** How long the page waits for the provider before saying the payment is not confirmed yet. */
export const CONFIRM_WAIT_MS = 30_000;

export type CheckoutConfirmation =
  /** The link names no checkout. */
  | { kind: 'none' }
  /** No checkout of this account has that id (or it is not an id at all). */
  | { kind: 'not-found' }
  | { kind: 'failed'; error: ApiError; retry: () => void }
  | { kind: 'loading' }
  | { kind: 'waiting'; session: CheckoutSession }
  /** Still open after the wait: the provider has not confirmed it (yet). */
  | { kind: 'unconfirmed'; session: CheckoutSession; checkAgain: () => void }
  | { kind: 'not-completed'; session: CheckoutSession }
  | { kind: 'completed'; session: CheckoutSession };

/** The checkout the success page was sent back with, asked about until it is paid or the wait is over. */
export function useCheckoutConfirmation(sessionId: string | null, waitMs: number): CheckoutConfirmation {
  const [waitingSince, setWaitingSince] = useState(() => Date.now());
  const [waitOver, setWaitOver] = useState(false);
  const checkout = useApi(contract.billing.getCheckoutSession, sessionId ? { params: { sessionId } } : null, {
    refreshInterval: (latest) => (latest?.data.status === 'open' && !waitOver ? CONFIRM_POLL_MS : 0),
  });

  useEffect(() => {
    const timer = setTimeout(() => setWaitOver(true), Math.max(0, waitingSince + waitMs - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingSince, waitMs]);

  if (!sessionId) return { kind: 'none' };
  const session = checkout.data?.data;
  if (checkout.error && !session) {
    // 400: not shaped like a session id; 404: not one this account opened.
    if (checkout.error.status === 400 || checkout.error.status === 404) return { kind: 'not-found' };
    return { kind: 'failed', error: checkout.error, retry: () => void checkout.mutate() };
  }
  if (!session) return { kind: 'loading' };
  if (session.status === 'completed') return { kind: 'completed', session };
  if (session.status !== 'open') return { kind: 'not-completed', session };
  if (!waitOver) return { kind: 'waiting', session };
  return {
    kind: 'unconfirmed',
    session,
    checkAgain: () => {
      setWaitOver(false);
      setWaitingSince(Date.now());
      void checkout.mutate();
    },
  };
}
