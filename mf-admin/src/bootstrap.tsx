// Standalone dev page: this remote's screens without the host. Reads the session from a
// token stored under `token` on this origin; the host is where users really sign in.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ApiProvider, checkToken, configureRuntime } from 'shared-auth';
import AccountEdit from './exposes/AccountEdit';
import AccountList from './exposes/AccountList';
import AiClientEdit from './exposes/AiClientEdit';
import AiClients from './exposes/AiClients';

const api = `${location.protocol}//${location.hostname}:4000`;
configureRuntime({ apiBase: api, wsBase: api.replace(/^http/, 'ws') });
void checkToken();

createRoot(document.getElementById('root')!).render(
  <ApiProvider>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/account-list" element={<AccountList />} />
        <Route path="/admin/account/edit/:id" element={<AccountEdit />} />
        <Route path="/admin/ai-clients" element={<AiClients />} />
        <Route path="/admin/ai-client/edit/:id" element={<AiClientEdit />} />
        <Route path="*" element={<Navigate to="/admin/account-list" replace />} />
      </Routes>
    </BrowserRouter>
  </ApiProvider>,
);
