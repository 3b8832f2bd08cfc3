import { getLeads } from './get-leads';

export const leadEndpoints = [getLeads];
