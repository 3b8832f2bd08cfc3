import { AgentVoicesFilter, UpdateAgentBody, agentContract } from './agent';
import { CreateAgentBody, WorkingHours } from '../schemas/ai-agent';
import { NOTHING_TO_UPDATE_TEXT } from '../schemas/common';
import { ID, firstIssue, messageOf, parsed } from '../schema-test-helpers';

const minimal = { name: 'Front desk', handleCallType: 'inbound', greeting: 'Thanks for calling!', prompt: 'Book viewings.', voiceId: 'v1' };

describe('create-agent', () => {
  test('a minimal agent gets defaults', () =>
    expect(parsed(CreateAgentBody, minimal)).toEqual({
      ...minimal, textClientId: null, sttClientId: null, language: 'en-US', speechPath: 'twilio', phoneNumber: null, transferNumber: null,
      knowledge: '', squareLocationId: null, calendarIntegrationId: null, maxCallMinutes: 10, recordCalls: true, workingHours: null, bookingRules: null,
      customTools: [], analysisFields: [], successCriterion: '', temperature: null, maxReplyTokens: null,
    }));
  test.each([
    ['name', 'Agent name is required'],
    ['handleCallType', 'Choose whether the agent takes inbound calls, outbound calls or both'],
    ['greeting', 'Greeting is required'],
    ['prompt', 'Instructions is required'],
    ['voiceId', 'Voice is required'],
  ])('missing %s', (key, message) => {
    const input: Record<string, unknown> = { ...minimal };
    delete input[key];
    expect(firstIssue(CreateAgentBody, input)).toEqual({ message, path: key });
  });
  test('numbers are normalised', () =>
    expect(parsed(CreateAgentBody, { ...minimal, transferNumber: '212.555.0100' }).transferNumber).toBe('+12125550100'));
  test('call length range', () =>
    expect(messageOf(CreateAgentBody, { ...minimal, maxCallMinutes: 61 })).toBe('Maximum call length must be from 1 to 60 minutes'));
  test('client ids', () => expect(messageOf(CreateAgentBody, { ...minimal, textClientId: 'gpt' })).toBe('Choose an AI model'));
});

describe('working hours (HH:MM)', () => {
  test('accepted', () => expect(messageOf(WorkingHours, { days: ['mon', 'fri'], start: '09:00', end: '17:30' })).toBeNull());
  test('end after start', () =>
    expect(firstIssue(WorkingHours, { days: ['mon'], start: '17:00', end: '09:00' })).toEqual({ message: 'End time must be after start time', path: 'end' }));
  test('a time must be HH:MM', () => expect(messageOf(WorkingHours, { days: ['mon'], start: '9am', end: '17:00' })).toBe('Start time must be a time such as 09:30'));
  test('at least one day', () => expect(messageOf(WorkingHours, { days: [], start: '09:00', end: '17:00' })).toBe('Choose at least one day'));
});

describe('update-agent', () => {
  test('a partial update without defaults filled in', () => expect(parsed(UpdateAgentBody, { name: 'Sales' })).toEqual({ name: 'Sales' }));
  test('empty update refused', () => expect(messageOf(UpdateAgentBody, {})).toBe(NOTHING_TO_UPDATE_TEXT));
  test('the agent in the path is checked', () => expect(agentContract.updateAgent.tenant[0]).toEqual({ in: 'params', key: 'agentId', owns: 'aiAgent' }));
});

describe('other agent endpoints', () => {
  test('duplicate-agent body is agentId', () => {
    expect(messageOf(agentContract.duplicateAgent.body, { agentId: ID })).toBeNull();
    expect(messageOf(agentContract.duplicateAgent.body, {})).toBe('Choose an agent');
  });
  test('voices have an imageUrl', () =>
    expect(messageOf(agentContract.getAgentVoices.response, [{ id: 'v1', name: 'Ava', provider: 'Elevenlabs', gender: 'female', accent: null, language: 'en-US', previewUrl: null, imageUrl: '/voices/ava.png' }])).toBeNull());
  test('voice filter', () => expect(messageOf(AgentVoicesFilter, { provider: 'Claude' })).toBe('Choose a voice provider'));
  test('square locations are in data.locations', () =>
    expect(messageOf(agentContract.getSquareupLocations.response, { locations: [{ id: 'L1', name: 'Main St', address: null, timezone: null }] })).toBeNull());
});
