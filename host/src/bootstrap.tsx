import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureRuntime } from 'shared-auth';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { StartupError } from './app/startup-error';
import { loadRuntimeConfig } from './config/runtime-config';
import { configureGoogleSignIn } from './features/auth/google/google-config';
import { initFederation, warmFederation, whenPageReady } from './federation/init-federation';
import { preloadScreensAt, remoteScreensAt } from './federation/remote-screens';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // The federation runtime: on a remote's page, fetched while runtime-config.json is on its
    // way; on the host's own pages, once the page is ready and idle, for the move to a remote.
    const onRemotePage = remoteScreensAt(window.location.pathname).length > 0;
    if (onRemotePage) warmFederation();
    const config = await loadRuntimeConfig();
    configureRuntime({ apiBase: config.apiBase, wsBase: config.wsBase });
    initFederation(__APP_NAME__, config.remotes);
    preloadScreensAt(window.location.pathname);
    configureGoogleSignIn(config.google ?? null);
    root.render(
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    );
    if (!onRemotePage) whenPageReady(warmFederation);
  } catch (error) {
    console.error(error);
    root.render(<StartupError error={error} />);
  }
}

void start();
