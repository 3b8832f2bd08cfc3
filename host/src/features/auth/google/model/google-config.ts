import type { RuntimeConfigFile } from '../../../../config/runtime-config';

export type GoogleSignInConfig = NonNullable<RuntimeConfigFile['google']>;

let current: GoogleSignInConfig | null = null;

/** Set once at start from /runtime-config.json; null hides the Google button. */
export const configureGoogleSignIn = (config: GoogleSignInConfig | null) => {
  current = config;
};

export const googleSignInConfig = (): GoogleSignInConfig | null => current;
