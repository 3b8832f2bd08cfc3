import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { checkToken, configureRuntime } from 'shared-auth';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { holdFrameFor } from './app/first-screen';
import { preloadHostCode } from './app/host-screens';
import { routeAt } from './app/route-table';
import { StartupError } from './app/startup-error';
import { loadRuntimeConfig } from './config/runtime-config';
import { configureGoogleSignIn } from './features/auth/google/model/google-config';
import { initFederation, warmFederation, whenPageReady, whenVisitorActs } from './federation/init-federation';
import { preloadRemoteEntries } from './federation/preload-remote-entries';
import { preloadScreens, remoteScreensOf } from './federation/remote-screens';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // The federation runtime: on a remote's page, fetched while runtime-config.json is on its
    // way; on the host's own pages, once the page is ready and idle (before signing in, once the
    // visitor starts on the form), for the move to a remote.
    const route = routeAt(window.location.pathname);
    const pageScreens = remoteScreensOf(route);
    const onRemotePage = pageScreens.length > 0;
    const runtimeLoaded = onRemotePage ? warmFederation() : undefined;
    // The host's own code for the page (its screen, the frame) is a chunk per group: fetched
    // now, beside runtime-config.json, rather than when the first render asks for it.
    const hostCode = preloadHostCode(route);
    const config = await loadRuntimeConfig();
    configureRuntime({ apiBase: config.apiBase, wsBase: config.wsBase });
    // The session check goes out now, beside the screen's code, rather than after the first
    // commit (RootShell's own check then finds it in flight).
    void checkToken();
    preloadRemoteEntries(pageScreens.map(({ remote }) => config.remotes[remote]));
    // A remote's entry, its screen and their shared modules are a chain of requests, each sent
    // when the main thread gets to it: with the runtime in hand before the first render, the
    // chain starts ahead of React's work instead of behind it.
    await runtimeLoaded;
    initFederation(__APP_NAME__, config.remotes);
    holdFrameFor(onRemotePage ? Promise.all([preloadScreens(pageScreens), hostCode]) : hostCode);
    configureGoogleSignIn(config.google ?? null);
    // Not in a transition: rendered as one, the first commit came only with the whole frame, and
    // the page stayed blank (about a second at 4x CPU) where the loading view belongs.
    root.render(
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    );
    if (!onRemotePage) (route?.roles === null ? whenVisitorActs : whenPageReady)(warmFederation);
  } catch (error) {
    console.error(error);
    root.render(<StartupError error={error} />);
  }
}

void start();
