import type { CallLog } from 'shared-contracts';

let seq = 0;
const id = () => `00000000-0000-4000-a000-${String(++seq).padStart(12, '0')}`;

export function makeCallLog(overrides: Partial<CallLog> = {}): CallLog {
  return {
    id: id(),
    direction: 'inbound',
    status: 'completed',
    fromNumber: '+15551230001',
    toNumber: '+15551239999',
    startedAt: '2026-03-10T15:30:00.000Z',
    durationSeconds: 3725,
    aiAgent: null,
    agent: null,
    lead: { id: id(), fullName: 'Grace Hopper', phoneNumber: '+15551230001' },
    conversation: null,
    endReason: null,
    callbackRequest: null,
    wrapUp: null, transferredTo: null,
    ...overrides,
  };
}
