import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { Button, FormError, GoogleOutlined } from 'shared-ui';
import { useCompleteSignIn } from '../../hooks/complete-sign-in';
import { loadGoogleIdentity } from '../api/google-identity';
import { googleSignInConfig } from '../model/google-config';
import { googleRedirectUri, googleScopes, newGoogleState } from '../model/google-flow';

/**
 * "Continue with Google", shown where the deployment configures a client id. The implicit flow
 * gets an access token in a popup; the code flow leaves for Google and comes back to
 * /auth/login?code=… (see useGoogleCodeReturn). The server verifies either with Google.
 */
export function GoogleSignInButton() {
  const config = googleSignInConfig();
  const login = useApiMutation(contract.auth.loginGoogle);
  const complete = useCompleteSignIn();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!config) return null;

  const start = async () => {
    setError(undefined);
    setBusy(true);
    try {
      const oauth2 = await loadGoogleIdentity();
      const scope = googleScopes(config);
      if (config.flow === 'code') {
        oauth2.initCodeClient({
          client_id: config.clientId, scope, ux_mode: 'redirect', redirect_uri: googleRedirectUri(), state: newGoogleState(),
        }).requestCode();
        return;
      }
      oauth2.initTokenClient({
        client_id: config.clientId,
        scope,
        callback: async (response) => {
          try {
            if (!response.access_token) throw new Error(response.error_description ?? 'Google sign-in was cancelled');
            complete((await login.trigger({ body: { flow: 'implicit', accessToken: response.access_token } })).data);
          } catch (caught) {
            setError(extractErrorText(caught));
          } finally {
            setBusy(false);
          }
        },
        error_callback: (failure) => {
          setError(failure.type === 'popup_closed' ? 'Google sign-in was cancelled' : (failure.message ?? 'Google sign-in failed'));
          setBusy(false);
        },
      }).requestAccessToken();
    } catch (caught) {
      setError(extractErrorText(caught));
      setBusy(false);
    }
  };

  return (
    <div style={{ marginTop: 16 }}>
      <FormError text={error} />
      <Button block icon={<GoogleOutlined />} loading={busy} onClick={() => void start()}>Continue with Google</Button>
    </div>
  );
}
