import { randomBytes } from 'node:crypto';

/** Our number for an invoice the provider has not numbered (the simulator's, or a checkout's). */
export const invoiceNumber = (now: Date) =>
  `INV-${now.toISOString().slice(0, 7).replace('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
