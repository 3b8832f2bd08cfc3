import { ToggleCampaignBody } from './campaign';
import { UpdateBusinessBody, companyContract } from './company';
import { ConnectIntegrationBody, DisconnectIntegrationBody } from './integrations';
import { GenerateTextQuery, GenerateTextUpload, knowledgeContract } from './knowledge';
import { NOTHING_TO_UPDATE_TEXT } from '../schemas/common';
import { ID, NOW, firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('campaign/toggle-campaign: agentId and status', () => {
  test('accepted', () => expect(parsed(ToggleCampaignBody, { agentId: ID, status: true })).toEqual({ agentId: ID, status: true }));
  test('status must be a boolean', () =>
    expect(messageOf(ToggleCampaignBody, { agentId: ID, status: 'on' })).toBe('Status must be true (active) or false (paused)'));
  test('missing agent', () => expect(messageOf(ToggleCampaignBody, { status: false })).toBe('Choose an agent'));
});

describe('company business', () => {
  test('state codes come from US_STATE_CODES', () => {
    expect(parsed(UpdateBusinessBody, { stateCode: 'GU' })).toEqual({ stateCode: 'GU' });
    expect(messageOf(UpdateBusinessBody, { stateCode: 'XX' })).toBe('Choose a US state or territory');
    expect(messageOf(UpdateBusinessBody, { stateCode: 'ny' })).toBe('Choose a US state or territory');
  });
  test('ZIP, website, phone, email', () => {
    expect(messageOf(UpdateBusinessBody, { postalCode: '10001-1234' })).toBeNull();
    expect(messageOf(UpdateBusinessBody, { postalCode: '1000' })).toBe('Enter a 5-digit ZIP code (or ZIP+4)');
    expect(messageOf(UpdateBusinessBody, { website: 'lee realty' })).toBe('Website must be a valid URL');
    expect(parsed(UpdateBusinessBody, { phoneNumber: '2125550100' })).toEqual({ phoneNumber: '+12125550100' });
    expect(messageOf(UpdateBusinessBody, { email: 'x' })).toBe('Enter a valid email address');
  });
  test('no HTML in the description', () =>
    expect(messageOf(UpdateBusinessBody, { description: 'Hi <script>alert(1)</script>' })).toBe('Description: HTML tags are not allowed'));
  test('empty update refused', () => expect(messageOf(UpdateBusinessBody, {})).toBe(NOTHING_TO_UPDATE_TEXT));
  test('the business response carries a stateCode', () => {
    const business = {
      accountId: ID, name: 'Lee', industryId: null, website: null, email: null, phoneNumber: null, addressLine1: null,
      addressLine2: null, city: null, stateCode: 'DC', postalCode: null, description: null, updatedAt: NOW,
    };
    expect(messageOf(companyContract.getAccountBusiness.response, business)).toBeNull();
    expect(messageOf(companyContract.getAccountBusiness.response, { ...business, stateCode: 'ZZ' })).not.toBeNull();
  });
});

describe('integrations', () => {
  test('an API-key provider', () =>
    expect(messageOf(ConnectIntegrationBody, { authType: 'apiKey', provider: 'cinc', apiKey: 'k' })).toBeNull());
  test('an OAuth provider', () =>
    expect(messageOf(ConnectIntegrationBody, { authType: 'oauth', provider: 'google-calendar', code: 'c', redirectUri: 'https://app.example.com/cb' })).toBeNull());
  test('the provider\'s own way to connect', () =>
    expect(firstIssue(ConnectIntegrationBody, { authType: 'apiKey', provider: 'google-calendar', apiKey: 'k' }))
      .toEqual({ message: 'This integration connects another way', path: 'authType' }));
  test('refusals', () => {
    expect(messageOf(ConnectIntegrationBody, { authType: 'apiKey', provider: 'cinc' })).toBe('API key is required');
    expect(messageOf(ConnectIntegrationBody, { authType: 'apiKey', provider: 'salesforce', apiKey: 'k' })).toBe('Choose an integration');
    expect(messageOf(ConnectIntegrationBody, { provider: 'cinc' })).toBe('Choose how to connect: apiKey or oauth');
    expect(messageOf(DisconnectIntegrationBody, {})).toBe('Choose a connection');
  });
});

describe('knowledge/generate-text', () => {
  test('type defaults to knowledge', () => {
    expect(parsed(GenerateTextQuery, {})).toEqual({ type: 'knowledge' });
    expect(parsed(GenerateTextQuery, { type: 'prompt' })).toEqual({ type: 'prompt' });
    expect(messageOf(GenerateTextQuery, { type: 'poem' })).toBe('Type must be knowledge or prompt');
  });
  test('multipart field file: documents only', () => {
    expect(knowledgeContract.generateText.multipart).toBe(true);
    expect(messageOf(GenerateTextUpload, { file: new Blob(['hello'], { type: 'text/plain' }) })).toBeNull();
    expect(messageOf(GenerateTextUpload, { file: new Blob(['x'], { type: 'video/mp4' }) })).toBe('Upload a PDF, Word, text, Markdown or CSV file');
  });
});
