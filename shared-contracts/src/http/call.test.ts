import {
  CallStatusRecord, GenerateTokenBody, MakeTestCallBody, UNFINISHED_CALL_STATUSES, SubmitFeedbackBody, VOICEMAIL_MAX_BYTES, VoicemailUpload, callContract,
} from './call';
import { ID, firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('make-test-call: agentId and a US phone number', () => {
  test('normalised', () =>
    expect(parsed(MakeTestCallBody, { agentId: ID, phoneNumber: '212-555-0100' })).toEqual({ agentId: ID, phoneNumber: '+12125550100' }));
  test('refusals', () => {
    expect(firstIssue(MakeTestCallBody, { phoneNumber: '2125550100' })).toEqual({ message: 'Choose an agent', path: 'agentId' });
    expect(messageOf(MakeTestCallBody, { agentId: ID, phoneNumber: '' })).toBe('Phone number is required');
    expect(messageOf(MakeTestCallBody, { agentId: ID, phoneNumber: '555-0100' })).toBe('Phone number must be a US number: +1 followed by ten digits');
  });
  test('the agent must be the caller\'s', () =>
    expect(callContract.makeTestCall.tenant).toEqual([{ in: 'body', key: 'agentId', owns: 'aiAgent' }]));
  test('answers the call\'s id to follow it by, with the carrier\'s sid and status', () => {
    expect(messageOf(callContract.makeTestCall.response, { callId: ID, callSid: 'CA1', status: 'queued' })).toBeNull();
    expect(firstIssue(callContract.makeTestCall.response, { callSid: 'CA1', status: 'queued' })?.path).toBe('callId');
  });
});

describe('get-call: one call\'s status by id', () => {
  const ringing = {
    id: ID, callSid: null, direction: 'outbound', status: 'ringing', finished: false, fromNumber: '+14155550100', toNumber: '+12125550142',
    aiAgent: { id: ID, name: 'Dialer' }, startedAt: '2026-01-05T10:00:00.000Z', durationSeconds: 0, endReason: null, summary: null, outcome: null, analysis: null,
  };
  test('a call still going on has no end reason or summary yet', () => expect(messageOf(CallStatusRecord, ringing)).toBeNull());
  test('unfinished statuses are the ones a call passes through', () =>
    expect([...UNFINISHED_CALL_STATUSES]).toEqual(['queued', 'ringing', 'in-progress']));
  test('a USER\'s or a key\'s, for calls of the caller\'s account', () => {
    expect(callContract.getCall.roles).toEqual(['USER']);
    expect(callContract.getCall.publicApi).toBe(true);
    expect(callContract.getCall.tenant).toEqual([{ in: 'params', key: 'id', owns: 'call' }]);
  });
});

describe('generate-token', () => {
  test('identity is the user\'s email', () => {
    expect(parsed(GenerateTokenBody, { identity: 'Agent@Example.com' })).toEqual({ identity: 'agent@example.com' });
    expect(messageOf(GenerateTokenBody, {})).toBe('Email is required');
    expect(callContract.generateToken.tenant).toEqual([{ in: 'body', key: 'identity', owns: 'selfEmail' }]);
  });
  test('response carries the token', () =>
    expect(messageOf(callContract.generateToken.response, { token: 'jwt', identity: 'a@b.co', ttlSeconds: 3600, provider: 'simulator' })).toBeNull());
});

describe('upload-default-voicemail: multipart field file', () => {
  const audio = (bytes: number, type = 'audio/mpeg') => new Blob([new Uint8Array(bytes)], { type });
  test('an MP3 or WAV', () => {
    expect(messageOf(VoicemailUpload, { file: audio(100) })).toBeNull();
    expect(messageOf(VoicemailUpload, { file: audio(100, 'audio/wav') })).toBeNull();
  });
  test('refusals', () => {
    expect(messageOf(VoicemailUpload, {})).toBe('Choose a file to upload');
    expect(messageOf(VoicemailUpload, { file: 'voicemail.mp3' })).toBe('Choose a file to upload');
    expect(messageOf(VoicemailUpload, { file: audio(0) })).toBe('The file is empty');
    expect(messageOf(VoicemailUpload, { file: audio(10, 'image/png') })).toBe('Upload an MP3 or WAV file');
    expect(messageOf(VoicemailUpload, { file: audio(VOICEMAIL_MAX_BYTES + 1) })).toBe('The file must be at most 10 MB');
  });
  test('accountId in the query falls back to the caller\'s account', () => {
    expect(callContract.uploadDefaultVoicemail.multipart).toBe(true);
    expect(parsed(callContract.uploadDefaultVoicemail.query, {})).toEqual({});
    expect(callContract.uploadDefaultVoicemail.tenant).toEqual([{ in: 'query', key: 'accountId', owns: 'account', optional: true }]);
  });
});

describe('dialer setting and call stats', () => {
  test('get-dialer-setting takes accountId in the query', () =>
    expect(messageOf(callContract.getDialerSetting.query, { accountId: 'nope' })).toBe('Invalid id'));
  test('call stats direction', () => {
    expect(parsed(callContract.getCallStats.query, { direction: 'inbound' })).toEqual({ direction: 'inbound' });
    expect(messageOf(callContract.getCallStats.query, { direction: 'sideways' })).toBe('Direction must be inbound or outbound');
  });
});

describe('submit-feedback', () => {
  test('callSid, score and issue', () =>
    expect(parsed(SubmitFeedbackBody, { callSid: 'CA123', score: 2, issue: 'echo' })).toEqual({ callSid: 'CA123', score: 2, issue: 'echo' }));
  test('refusals', () => {
    expect(messageOf(SubmitFeedbackBody, { score: 5 })).toBe('Call is required');
    expect(messageOf(SubmitFeedbackBody, { callSid: 'CA1', score: 6 })).toBe('Score must be from 1 to 5');
    expect(messageOf(SubmitFeedbackBody, { callSid: 'CA1', score: 3, issue: 'robot-voice' })).toBe('Choose one of the listed issues');
  });
});
