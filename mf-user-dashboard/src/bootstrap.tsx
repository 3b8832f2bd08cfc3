import { startStandaloneRemote } from 'shared-auth';
import Overview from './exposes/Overview';

startStandaloneRemote({
  routes: { '/dashboard/overview': <Overview /> },
  home: '/dashboard/overview',
});
