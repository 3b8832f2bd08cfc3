import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import type { AppRoute } from 'shared-contracts';
import { RemoteScreen } from '../federation/remote-screen';
import { appLayout, hostScreens, notFoundPage } from './host-screens';
import { RootShell } from './root-shell';
import { RouteReady } from './route-ready';
import { ROUTED, isBuiltHostScreen } from './route-table';
import { FullScreenLoading, ScreenLoading } from './screen-loading';

function screenOf(route: AppRoute): ReactNode {
  if (route.owner === 'host') {
    if (!isBuiltHostScreen(route.screen)) throw new Error(`No host screen ${route.screen}`);
    const Screen = hostScreens[route.screen].component;
    // Signed-in screens load inside the frame; the others have the whole page.
    return (
      <Suspense fallback={route.roles ? <ScreenLoading /> : <FullScreenLoading />}>
        <Screen />
        <RouteReady />
      </Suspense>
    );
  }
  // Keyed by path: two routes of one remote must not share a boundary (and its error).
  return <RemoteScreen key={route.path} remote={route.owner} screen={route.screen} />;
}

function toRoute(route: AppRoute): RouteObject {
  const screen = screenOf(route);
  return {
    path: route.path,
    element: route.roles ? <RequireRole roles={route.roles}>{screen}</RequireRole> : screen,
  };
}

const toOverview = <Navigate to="/dashboard/overview" replace />;
const AppLayout = appLayout.component;
const NotFoundPage = notFoundPage.component;

/** The whole route tree, built from the route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { index: true, element: toOverview },
      ...ROUTED.filter((route) => route.roles === null).map(toRoute),
      {
        element: (
          <Suspense fallback={<FullScreenLoading />}>
            <AppLayout />
          </Suspense>
        ),
        children: [
          { path: 'dashboard', element: toOverview },
          ...ROUTED.filter((route) => route.roles !== null).map(toRoute),
        ],
      },
      {
        path: '*',
        element: (
          <Suspense fallback={<FullScreenLoading />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
  },
];
