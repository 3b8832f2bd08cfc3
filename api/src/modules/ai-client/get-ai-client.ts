import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { findAiClient } from './ai-client-store';
import { toAiClient } from './ai-client-view';

export const getAiClient = implement(contract.aiClient.getAiClient, async ({ params, db }) =>
  toAiClient(await findAiClient(db, params.id)));
