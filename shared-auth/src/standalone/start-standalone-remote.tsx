// A remote's standalone dev page: its screens without the host. Reads the session from a token
// stored under `token` on this origin; the host is where users really sign in.
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { checkToken } from '../guard/use-token-check';
import { ApiProvider } from '../http/api-provider';
import { configureRuntime } from '../runtime-config';

/** The API's port on the page's host in local development. */
const DEV_API_PORT = 4000;

export interface StandaloneRemote {
  /** Each route path the remote serves, with the screen it renders there. */
  routes: Readonly<Record<string, ReactElement>>;
  /** Where any other path goes. */
  home: string;
}

/** Renders the remote's screens into `#root`, talking to the API on this host. */
export function startStandaloneRemote({ routes, home }: StandaloneRemote): void {
  const api = `${location.protocol}//${location.hostname}:${DEV_API_PORT}`;
  configureRuntime({ apiBase: api, wsBase: api.replace(/^http/, 'ws') });
  void checkToken();
  createRoot(document.getElementById('root')!).render(
    <ApiProvider>
      <BrowserRouter>
        <Routes>
          {Object.entries(routes).map(([path, element]) => <Route key={path} path={path} element={element} />)}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </BrowserRouter>
    </ApiProvider>,
  );
}
