import { createLead, getLeads, updateLead } from './leads';

export const leadEndpoints = [getLeads, createLead, updateLead];
