import { buildPath, routePattern } from './endpoint';

describe('routePattern', () => {
  test('path parameters become :name and the leading slash goes', () => {
    expect(routePattern({ path: '/account/connections/{accountId}' })).toBe('account/connections/:accountId');
    expect(routePattern({ path: 'users/get-current-user/{userId}' })).toBe('users/get-current-user/:userId');
    expect(routePattern({ path: '/auth/check-allowed-user/{x}' })).toBe('auth/check-allowed-user/:x');
  });
  test('the trailing space of ai-client/get-all-clients is trimmed', () =>
    expect(routePattern({ path: 'ai-client/get-all-clients ' })).toBe('ai-client/get-all-clients'));
  test('a path without parameters is unchanged', () => expect(routePattern({ path: 'integrations' })).toBe('integrations'));
});

describe('buildPath', () => {
  test('fills parameters', () =>
    expect(buildPath({ path: 'agent/update-agent/{agentId}' }, { agentId: 'a1' })).toBe('agent/update-agent/a1'));
  test('encodes values', () => {
    expect(buildPath({ path: 'conversation/get-sms-list/{agentNumber}' }, { agentNumber: '+12125550100' }))
      .toBe('conversation/get-sms-list/%2B12125550100');
    expect(buildPath({ path: '/auth/check-allowed-user/{x}' }, { x: 'a/b c@d.com' })).toBe('auth/check-allowed-user/a%2Fb%20c%40d.com');
  });
  test('numbers are written as text', () => expect(buildPath({ path: 'x/{n}' }, { n: 7 })).toBe('x/7'));
  test('removes the leading slash and the trailing space', () => {
    expect(buildPath({ path: '/auth/login' })).toBe('auth/login');
    expect(buildPath({ path: 'ai-client/get-all-clients ' })).toBe('ai-client/get-all-clients');
  });
  test.each([undefined, null, ''])('a missing parameter (%j) is an error naming it', (value) => {
    expect(() => buildPath({ path: 'agent/get-agent/{id}' }, { id: value })).toThrow('Missing path parameter "id" for agent/get-agent/{id}');
  });
  test('no params object at all is an error too', () =>
    expect(() => buildPath({ path: 'agent/get-agent/{id}' })).toThrow('Missing path parameter "id"'));
});
