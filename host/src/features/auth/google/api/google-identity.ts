/**
 * The part of Google Identity Services' OAuth 2 API (accounts.google.com/gsi/client) we use.
 * Typed here: Google publishes no package for it that we would otherwise need.
 */
export interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

export interface GoogleOAuth2 {
  initTokenClient(config: {
    client_id: string;
    scope: string;
    callback: (response: TokenResponse) => void;
    error_callback?: (error: { type: string; message?: string }) => void;
  }): { requestAccessToken(): void };
  initCodeClient(config: {
    client_id: string;
    scope: string;
    ux_mode: 'redirect';
    redirect_uri: string;
    state: string;
  }): { requestCode(): void };
}

declare global {
  interface Window {
    google?: { accounts?: { oauth2?: GoogleOAuth2 } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleOAuth2> | null = null;

/** Loads Google's script on first use (not at start: most visits never sign in with Google). */
export function loadGoogleIdentity(): Promise<GoogleOAuth2> {
  const ready = window.google?.accounts?.oauth2;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = window.google?.accounts?.oauth2;
      if (api) resolve(api);
      else reject(new Error('Google sign-in did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be reached'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
