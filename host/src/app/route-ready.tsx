import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const ROUTE_READY_MARK = 'route-ready';

/** Marks the moment a routed screen has mounted (its code loaded and first render committed). */
export function RouteReady() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof performance?.mark === 'function') performance.mark(ROUTE_READY_MARK, { detail: { path: pathname } });
  }, [pathname]);
  return null;
}
