import type { AccountDetail, AuditEntry } from 'shared-contracts';

let seq = 0;
const id = () => `00000000-0000-4000-c000-${String(++seq).padStart(12, '0')}`;

export function makeAccountDetail(overrides: Partial<AccountDetail> = {}): AccountDetail {
  return {
    id: id(),
    name: 'Acme Dental',
    ownerEmail: 'owner@acme.test',
    plan: 'free',
    createdAt: '2026-01-15T03:00:00.000Z',
    userCount: 2,
    roles: [
      { id: id(), title: 'USER', description: 'Olive Owner <owner@acme.test>', twilio_number: null },
      { id: id(), title: 'AGENT', description: 'Avery Agent <agent@acme.test>', twilio_number: '+15551230010' },
    ],
    agentCapOverride: null,
    aiAgentCount: 2,
    updatedAt: '2026-01-15T03:00:00.000Z',
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: id(),
    at: '2026-02-01T15:30:00.000Z',
    actor: { id: id(), email: 'admin@house.test' },
    action: 'Account updated',
    changes: { plan: { from: 'free', to: 'performance-suite' }, agentCapOverride: { from: null, to: 7 } },
    ...overrides,
  };
}
