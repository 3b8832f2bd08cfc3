import { CALL_SUPERVISION_TEXT, SUPERVISE_MODES, type LiveDesk, type SuperviseMode } from 'shared-contracts';
import { Button, Flex, Segmented } from 'shared-ui';
import type { Supervision } from '../hooks/use-supervision';

type Agent = LiveDesk['agents'][number];

const MODE_OPTIONS = SUPERVISE_MODES.map((mode) => ({ value: mode, label: CALL_SUPERVISION_TEXT.modes[mode] }));

/**
 * What the USER can do with an agent's call: listen to it, and once on it whisper to the agent or
 * barge in, or leave it. A call another supervisor is on says so instead.
 */
export function SuperviseCell({ agent, supervision, me }: { agent: Agent; supervision: Supervision; me: string | undefined }) {
  const call = agent.currentCall;
  if (!call?.callSid) return '—';
  const { active } = supervision;
  if (active?.callSid === call.callSid) {
    return (
      <Flex vertical gap={6} align="start">
        <Segmented<SuperviseMode>
          aria-label={`How you are on ${agent.fullName}'s call`}
          options={MODE_OPTIONS}
          value={active.mode}
          disabled={active.state === 'joining'}
          onChange={(mode) => void supervision.changeMode(mode)}
        />
        <Button size="small" onClick={() => void supervision.leave()}>{CALL_SUPERVISION_TEXT.stop}</Button>
      </Flex>
    );
  }
  const other = call.supervision;
  if (other && other.supervisorId !== me) return `${other.supervisorName} ${CALL_SUPERVISION_TEXT.state[other.mode]}`;
  return (
    <Button size="small" disabled={active !== null} aria-label={`Listen to ${agent.fullName}'s call`} onClick={() => void supervision.listen(call.callSid!)}>
      {CALL_SUPERVISION_TEXT.modes.listen}
    </Button>
  );
}
