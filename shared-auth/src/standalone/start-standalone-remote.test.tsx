import { act, screen } from '@testing-library/react';
import { getRuntimeConfig } from '../runtime-config';
import { startStandaloneRemote } from './start-standalone-remote';

test('serves the remote\'s routes against the API on this host, and sends any other path home', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/somewhere/else');
  await act(async () => startStandaloneRemote({ routes: { '/dashboard/home': <h1>Home screen</h1>, '/dashboard/other': <h1>Other</h1> }, home: '/dashboard/home' }));
  expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/dashboard/home');
  expect(getRuntimeConfig()).toMatchObject({ apiBase: 'http://localhost:4000', wsBase: 'ws://localhost:4000' });
});
