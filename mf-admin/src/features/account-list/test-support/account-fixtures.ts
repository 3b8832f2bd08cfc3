import type { AccountListEntry } from 'shared-contracts';

let seq = 0;
const id = () => `00000000-0000-4000-b000-${String(++seq).padStart(12, '0')}`;

export function makeAccount(overrides: Partial<AccountListEntry> = {}): AccountListEntry {
  return {
    id: id(),
    name: 'Acme Realty',
    ownerEmail: 'owner@acme.test',
    plan: 'efficiency-plus',
    createdAt: '2026-01-15T03:00:00.000Z',
    userCount: 2,
    roles: [
      { id: id(), title: 'USER', description: 'Account holder', twilio_number: null },
      { id: id(), title: 'AGENT', description: 'Front desk', twilio_number: '+15551230010' },
    ],
    ...overrides,
  };
}
