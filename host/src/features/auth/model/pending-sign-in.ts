/**
 * The email and password of a sign-in waiting for its two-step code. Kept in memory only (not
 * in router state or storage, which outlive the tab's need for them), and cleared once used.
 */
export interface PendingSignIn {
  email: string;
  password: string;
}

let pending: PendingSignIn | null = null;

export const setPendingSignIn = (value: PendingSignIn | null) => {
  pending = value;
};

export const getPendingSignIn = (): PendingSignIn | null => pending;
