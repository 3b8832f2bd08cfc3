import { getCallTrace } from './get-call-trace';

export const callTraceEndpoints = [getCallTrace];
