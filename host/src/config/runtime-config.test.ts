import { parseRuntimeConfig } from './runtime-config';

const valid = {
  apiBase: 'https://api.example.com',
  wsBase: 'wss://api.example.com',
  remotes: {
    userDashboard: 'https://user.example.com/mf-manifest.json',
    agentSoftphone: 'https://agent.example.com/mf-manifest.json',
    admin: 'https://admin.example.com/mf-manifest.json',
  },
};

test('accepts a complete config', () => {
  expect(parseRuntimeConfig(valid)).toEqual(valid);
});

test('lists every problem, one per line, by path', () => {
  const broken = { apiBase: 'api.example.com', remotes: { ...valid.remotes, admin: '/admin/mf-manifest.json' } };
  expect(() => parseRuntimeConfig(broken)).toThrow(
    [
      '/runtime-config.json is invalid:',
      'apiBase: apiBase must be an http(s) URL or a path starting with /',
      'wsBase: missing',
      'remotes.admin: remotes.admin must be an absolute http(s) URL',
    ].join('\n'),
  );
});

test('Google sign-in is optional; its flow defaults to implicit and must be implicit or code', () => {
  expect(parseRuntimeConfig({ ...valid, google: { clientId: 'id-1' } }).google).toEqual({ clientId: 'id-1', flow: 'implicit', extraScopes: [] });
  expect(() => parseRuntimeConfig({ ...valid, google: { clientId: 'id-1', flow: 'magic' } })).toThrow('google.flow: google.flow must be implicit or code');
});
