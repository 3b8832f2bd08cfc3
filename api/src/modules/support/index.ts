import { createRequest, getRequests } from './support-requests';

export const supportEndpoints = [createRequest, getRequests];
