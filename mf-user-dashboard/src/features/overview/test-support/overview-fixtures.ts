import type { AgentsOverview, CallStats } from 'shared-contracts';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function makeStats(overrides: Partial<CallStats> = {}): CallStats {
  const byDay = Array.from({ length: 14 }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    inbound: i === 13 ? 7 : 1,
    outbound: i === 13 ? 2 : 0,
  }));
  return { total: 42, inbound: 30, outbound: 12, answered: 35, missed: 7, averageDurationSeconds: 155, byDay, ...overrides };
}

export const emptyStats = (): CallStats =>
  makeStats({
    total: 0, inbound: 0, outbound: 0, answered: 0, missed: 0, averageDurationSeconds: 0,
    byDay: makeStats().byDay.map((d) => ({ ...d, inbound: 0, outbound: 0 })),
  });

export function makeOverview(overrides: Partial<AgentsOverview> = {}): AgentsOverview {
  return {
    totalAgents: 2,
    activeCampaigns: 1,
    agents: [
      {
        id: id(1), name: 'Front Desk', handleCallType: 'inbound', phoneNumber: '+15551230001',
        campaignActive: true, campaignPausedReason: null, createdAt: '2026-01-01T00:00:00.000Z', callCount: 31, lastCallAt: '2026-03-10T15:30:00.000Z',
      },
      {
        id: id(2), name: 'Follow Up', handleCallType: 'both', phoneNumber: null,
        campaignActive: false, campaignPausedReason: null, createdAt: '2026-01-02T00:00:00.000Z', callCount: 0, lastCallAt: null,
      },
    ],
    humanAgents: [
      { agentId: id(10), fullName: 'Grace Hopper', agentNumber: '+15551230010', status: 'available', busyFrom: null, awayReason: null, since: null },
      { agentId: id(11), fullName: 'Alan Turing', agentNumber: null, status: 'offline', busyFrom: null, awayReason: null, since: null },
    ],
    ...overrides,
  };
}

export const agentId = id;
