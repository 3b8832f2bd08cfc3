import { getCallTrace } from './get-call-trace';

export const callTraceEndpoints = [getCallTrace];
export { callTraceView } from './call-trace-view';
