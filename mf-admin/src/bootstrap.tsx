import { startStandaloneRemote } from 'shared-auth';
import AccountEdit from './exposes/AccountEdit';
import AccountList from './exposes/AccountList';
import AiClientEdit from './exposes/AiClientEdit';
import AiClients from './exposes/AiClients';

startStandaloneRemote({
  routes: {
    '/admin/account-list': <AccountList />,
    '/admin/account/edit/:id': <AccountEdit />,
    '/admin/ai-clients': <AiClients />,
    '/admin/ai-client/edit/:id': <AiClientEdit />,
  },
  home: '/admin/account-list',
});
