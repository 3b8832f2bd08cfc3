import type { Role } from 'shared-contracts';

/** Every demo account's password. Demo data only: never seed it outside development. */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoSignIn {
  role: Role;
  email: string;
  password: string;
  account: string;
}

/** The seeded sign-ins, for the start script and README to print. */
export const DEMO_SIGN_INS: readonly DemoSignIn[] = [
  { role: 'USER', email: 'user@demo.test', password: DEMO_PASSWORD, account: 'Acme Dental' },
  { role: 'AGENT', email: 'agent@demo.test', password: DEMO_PASSWORD, account: 'Acme Dental' },
  { role: 'AGENT', email: 'agent2@demo.test', password: DEMO_PASSWORD, account: 'Acme Dental' },
  { role: 'USER', email: 'owner@globex.test', password: DEMO_PASSWORD, account: 'Globex Realty' },
  { role: 'ADMINISTRATOR', email: 'admin@demo.test', password: DEMO_PASSWORD, account: 'Platform House' },
];
