import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callApi } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { useCompleteSignIn } from '../../hooks/complete-sign-in';
import { googleRedirectUri, takeGoogleState } from '../model/google-flow';

const handled = new Set<string>();

/**
 * The code flow's return to /auth/login?code=…&state=…: the state must be the one this tab
 * sent, then the server exchanges the code with Google. Each code is tried once.
 */
export function useGoogleCodeReturn(): { pending: boolean; error: string | undefined } {
  const [search, setSearch] = useSearchParams();
  const complete = useCompleteSignIn();
  const code = search.get('code');
  const state = search.get('state');
  const [result, setResult] = useState<{ pending: boolean; error: string | undefined }>({ pending: Boolean(code), error: undefined });

  useEffect(() => {
    if (!code || handled.has(code)) return;
    handled.add(code);
    setSearch({}, { replace: true });
    if (!takeGoogleState(state)) {
      setResult({ pending: false, error: 'Google sign-in could not be confirmed. Please try again.' });
      return;
    }
    callApi(contract.auth.loginGoogle, { body: { flow: 'code', code, redirectUri: googleRedirectUri() } })
      .then(({ data }) => complete(data))
      .catch((error: unknown) => setResult({ pending: false, error: extractErrorText(error) }));
  }, [code, state, setSearch, complete]);

  return result;
}
