import { useAtomValue } from 'jotai';
import type { AgentStatusEntry } from 'shared-contracts';
import { authStore } from '../store';
import { agentStatusesAtom } from './realtime-atoms';

const options = { store: authStore };

/**
 * The account's human agents with their presence as it stands: the socket's latest
 * STATUS_UPDATED for an agent when one has arrived since the page loaded, the API's value until then.
 */
export function useLiveTeam<T extends AgentStatusEntry>(members: readonly T[]): T[] {
  const live = useAtomValue(agentStatusesAtom, options);
  return members.map((member) => {
    const update = live[member.agentId];
    return update ? { ...member, ...update } : member;
  });
}
