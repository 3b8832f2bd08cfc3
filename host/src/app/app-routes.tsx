import { useRoutes } from 'react-router-dom';
import { appRoutes } from './routes';

/** The route tree rendered under whichever router the page (or a test) provides. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
