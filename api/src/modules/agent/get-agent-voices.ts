import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { VOICES } from '../voice-agent';

export const getAgentVoices = implement(contract.agent.getAgentVoices, async ({ body }) => {
  const search = body.search.toLowerCase();
  return VOICES.filter((voice) =>
    (search === '' || voice.name.toLowerCase().includes(search) || (voice.accent ?? '').toLowerCase().includes(search))
    && (body.provider === undefined || voice.provider === body.provider)
    && (body.gender === undefined || voice.gender === body.gender)
    && (body.language === undefined || voice.language === body.language));
});
