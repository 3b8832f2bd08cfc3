import { INLINE_RUNTIME_CONFIG_ID, loadRuntimeConfig, parseRuntimeConfig, readInlineRuntimeConfig } from './runtime-config';

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

describe('the configuration the page carries', () => {
  const pageWith = (text: string) => {
    const doc = document.implementation.createHTMLDocument('page');
    const block = doc.createElement('script');
    block.id = INLINE_RUNTIME_CONFIG_ID;
    block.type = 'application/json';
    block.textContent = text;
    doc.head.appendChild(block);
    return doc;
  };

  test('is read from the page when its server wrote it', () => {
    expect(readInlineRuntimeConfig(pageWith(JSON.stringify(valid)))).toEqual(valid);
  });

  test('is absent where the server wrote none, so the file is fetched instead', () => {
    expect(readInlineRuntimeConfig(document.implementation.createHTMLDocument('page'))).toBeUndefined();
  });

  test('names the page, not the file, when it is broken', () => {
    expect(() => readInlineRuntimeConfig(pageWith('{"apiBase":'))).toThrow("The page's runtime configuration (#runtime-config) is not valid JSON");
    expect(() => readInlineRuntimeConfig(pageWith(JSON.stringify({ ...valid, wsBase: 'http://x' })))).toThrow(
      "The page's runtime configuration (#runtime-config) is invalid:\nwsBase: wsBase must be an absolute ws(s) URL",
    );
  });

  test('is used before any request is made', async () => {
    const block = pageWith(JSON.stringify(valid)).getElementById(INLINE_RUNTIME_CONFIG_ID)!;
    document.head.appendChild(document.importNode(block, true));
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy;
    try {
      await expect(loadRuntimeConfig()).resolves.toEqual(valid);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
      document.getElementById(INLINE_RUNTIME_CONFIG_ID)?.remove();
    }
  });
});
