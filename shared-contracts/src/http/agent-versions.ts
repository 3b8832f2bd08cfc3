import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, requestObject } from '../schemas/common';
import { AiAgent, agentFields } from '../schemas/ai-agent';

export type AgentSettingName = keyof typeof agentFields;

/** The list as given, refused by the type check when a setting of the form is left out. */
const everySetting = <const T extends readonly [AgentSettingName, ...AgentSettingName[]]>(
  names: T & ([Exclude<AgentSettingName, T[number]>] extends [never] ? unknown : never),
): T => names;

/** The settings a version keeps: everything a user edits on an agent (no ids, times, campaign state or secrets), in the form's order. */
export const AGENT_SETTING_NAMES = everySetting([
  'name', 'handleCallType', 'greeting', 'prompt', 'voiceId', 'textClientId', 'sttClientId', 'language', 'speechPath', 'phoneNumber',
  'transferNumber', 'knowledge', 'squareLocationId', 'calendarIntegrationId', 'maxCallMinutes', 'recordCalls', 'workingHours',
  'bookingRules', 'customTools', 'analysisFields', 'successCriterion', 'temperature', 'maxReplyTokens',
]);

/** Each setting's name in words, for the history and the comparison. */
export const AGENT_SETTING_LABELS: Record<AgentSettingName, string> = {
  name: 'Name',
  handleCallType: 'Call handling',
  greeting: 'Greeting',
  prompt: 'Instructions',
  voiceId: 'Voice',
  textClientId: 'AI model',
  sttClientId: 'Speech-to-text',
  language: 'Language',
  speechPath: 'Speech path',
  phoneNumber: 'Phone number',
  transferNumber: 'Transfer number',
  knowledge: 'Knowledge',
  squareLocationId: 'Square location',
  calendarIntegrationId: 'Calendar',
  maxCallMinutes: 'Maximum call length',
  recordCalls: 'Call recording',
  workingHours: 'Working hours',
  bookingRules: 'Booking rules',
  customTools: 'Custom tools',
  analysisFields: 'Call analysis fields',
  successCriterion: 'Success criterion',
  temperature: 'Temperature',
  maxReplyTokens: 'Longest reply',
};

/** An agent's settings as one version kept them. */
export const AgentSettings = v.pick(AiAgent, AGENT_SETTING_NAMES);
export type AgentSettings = v.InferOutput<typeof AgentSettings>;

/** A version number: a whole number from 1 (a query string carries it as text). */
export const VersionNumber = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Version must be a whole number'), v.transform(Number))], 'Version must be a whole number'),
  v.integer('Version must be a whole number'),
  v.minValue(1, 'Version must be at least 1'),
  v.maxValue(2_147_483_647, 'No such version'),
);

/** One saved state of an agent: its number, who saved it and when, and what it changed. */
export const AgentVersionSummary = v.object({
  version: v.number(),
  /** The names of the settings that differ from the version before (every setting on version 1; none on the first version kept of an agent made before versions were). */
  changed: v.array(v.string()),
  createdAt: IsoDateTime,
  /** Null when nobody is known: the version an agent was on when its history began, or a user since removed. */
  savedBy: v.nullable(v.object({ name: v.string(), email: v.string() })),
  /** The version the agent runs on now. */
  current: v.boolean(),
});
export type AgentVersionSummary = v.InferOutput<typeof AgentVersionSummary>;

export const AgentVersion = v.object({ ...AgentVersionSummary.entries, settings: AgentSettings });
export type AgentVersion = v.InferOutput<typeof AgentVersion>;

/** What restoring the version the agent is already on answers. */
export const VERSION_ALREADY_CURRENT_TEXT = 'The agent already has these settings';

const USER = ['USER'] as const;
const ownsAgent = [{ in: 'params', key: 'agentId', owns: 'aiAgent' }] as const;

export const agentVersionContract = {
  getAgentVersions: endpoint({
    method: 'GET', path: 'agent/get-agent-versions/{agentId}',
    summary: 'An AI agent\'s versions, newest first: each saved change with who saved it, when, and which settings changed',
    params: v.object({ agentId: Id }), response: v.array(AgentVersionSummary),
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  getAgentVersion: endpoint({
    method: 'GET', path: 'agent/get-agent-version/{agentId}',
    summary: 'One version of an AI agent with every setting it had, to compare with another',
    params: v.object({ agentId: Id }), query: requestObject({ version: VersionNumber }), response: AgentVersion,
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  restoreAgentVersion: endpoint({
    method: 'POST', path: 'agent/restore-agent-version/{agentId}',
    summary: 'Put an AI agent back to an earlier version\'s settings: a new version is saved with them, and the history stays as it was',
    params: v.object({ agentId: Id }), body: requestObject({ version: VersionNumber }), response: AiAgent,
    roles: USER, tenant: ownsAgent,
  }),
};
