import '../test/test-env';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes, signIn } from '../test/render-app';

/** A phone-sized window: every max-width query up to antd's lg breakpoint matches. */
function phoneWindow() {
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: /max-width/.test(query), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {},
    addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }));
}

beforeEach(freshPage);
afterEach(() => jest.restoreAllMocks());

test('on a phone the side menu hides behind a Menu button in the header and closes once a page is picked', async () => {
  phoneWindow();
  signIn(makeUser({ role: 'USER' }));
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p>, 'userDashboard/CallLogsReport': () => <p>call logs screen</p> });
  const { pathname } = renderApp('/dashboard/overview');
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

  const menuButton = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
  expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(menuButton);
  expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Call Logs' }));

  expect(await screen.findByText('call logs screen')).toBeInTheDocument();
  expect(pathname()).toBe('/dashboard/reports/call-logs');
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});
