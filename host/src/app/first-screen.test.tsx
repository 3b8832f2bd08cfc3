import '../test/test-env';
import { act, screen } from '@testing-library/react';
import { makeUser } from 'shared-auth/src/testing';
import { freshPage, loadRemoteMock, renderApp, serveRemotes, signIn } from '../test/render-app';
import { FIRST_SCREEN_WAIT_MS, holdFrameFor } from './first-screen';

beforeEach(freshPage);
afterEach(() => jest.useRealTimers());

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

test('a deep link draws the frame and its screen together, once the screen code is in', async () => {
  signIn(makeUser({ role: 'USER', email: 'owner@example.com' }));
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
  const screenCode = deferred();
  holdFrameFor(screenCode.promise);

  renderApp('/dashboard/overview');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByText('owner@example.com')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

  await act(async () => screenCode.resolve());
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
  expect(screen.getByText('owner@example.com')).toBeInTheDocument();
});

test('a screen whose code is slow does not keep the menu from the user past the wait', async () => {
  jest.useFakeTimers();
  signIn(makeUser({ role: 'USER', email: 'owner@example.com' }));
  const never = new Promise<never>(() => {});
  loadRemoteMock.mockImplementation(() => never);
  holdFrameFor(never);

  renderApp('/dashboard/overview');
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1));
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.getByText('owner@example.com')).toBeInTheDocument();
  // The screen's own loading view, inside the frame's content.
  expect(screen.getAllByRole('main')[0]).toContainElement(screen.getByRole('status', { name: 'Loading' }));
});

test('nobody signed in: the wait does not hold up the way to sign in', async () => {
  serveRemotes({});
  const screenCode = deferred();
  // A wait longer than the test's: only the rule can let them through.
  holdFrameFor(screenCode.promise, 60_000);

  const { pathname } = renderApp('/dashboard/overview');
  expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeInTheDocument();
  expect(pathname()).toBe('/auth/login/role');
  await act(async () => screenCode.resolve());
});
