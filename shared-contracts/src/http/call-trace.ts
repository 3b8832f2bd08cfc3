import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id } from '../schemas/common';
import { CallTrace } from '../schemas/call-trace';

export const callTraceContract = {
  getCallTrace: endpoint({
    method: 'GET', path: 'call/get-call-trace/{id}',
    summary: 'What happened inside an AI call, turn by turn: the knowledge used, each tool with its arguments, answer and duration, each reply\'s first and last token, interruptions, and why the call ended (written once the call ends)',
    params: v.object({ id: Id }), response: CallTrace,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'call' }], publicApi: true,
  }),
};
