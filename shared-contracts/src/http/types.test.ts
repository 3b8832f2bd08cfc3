// Compile-time checks (tsc -p shared-contracts): the table's types are what clients and the API rely on.
// Each test also checks at run time what the types promise.
import * as v from 'valibot';
import { contract } from './index';
import { buildPath } from './endpoint';
import type { BodyInputOf, BodyOf, DataOf, ParamsInputOf, QueryOf, RequestOf, ResponseOf } from './endpoint';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const assert = <T extends true>(): T => true as T;

type UpdateUser = typeof contract.users.updateCurrentUser;
type CreateClient = typeof contract.aiClient.createAiClient;
type Upload = typeof contract.call.uploadDefaultVoicemail;
type Clients = typeof contract.aiClient.getAllClients;

test('update bodies have every field optional', () => {
  assert<Equal<keyof BodyOf<UpdateUser>, 'firstName' | 'lastName' | 'phoneNumber' | 'timeZone'>>();
  const body: BodyInputOf<UpdateUser> = { timeZone: 'UTC' };
  expect(v.safeParse(contract.users.updateCurrentUser.body, body).success).toBe(true);
});

test('the add-client body is typed from the provider list', () => {
  assert<Equal<BodyOf<CreateClient>['client'], 'OpenAI' | 'Gemini' | 'Claude' | 'Elevenlabs' | 'AssemblyAI' | 'Deepgram' | 'PlayHT' | 'Amazon Polly'>>();
  assert<Equal<BodyOf<CreateClient>['type'], 'AI Client' | 'STT Client' | 'TTS Client'>>();
});

test('a multipart request body is FormData; its query is optional', () => {
  const _request: RequestOf<Upload> = { body: new FormData() };
  assert<Equal<QueryOf<Upload>, { accountId?: string | undefined }>>();
  expect(contract.call.uploadDefaultVoicemail.multipart).toBe(true);
});

test('paged responses carry total; path params are required', () => {
  assert<Equal<keyof ResponseOf<Clients>, 'data' | 'total'>>();
  assert<Equal<ParamsInputOf<typeof contract.agent.getAgent>, { id: string }>>();
  assert<Equal<DataOf<typeof contract.call.generateToken>['token'], string>>();
  // @ts-expect-error a path parameter is required
  const missing: RequestOf<typeof contract.agent.getAgent> = {};
  expect(() => buildPath(contract.agent.getAgent, missing.params)).toThrow('Missing path parameter "id"');
});
