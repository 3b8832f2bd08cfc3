// Standalone dev page: this remote's screens without the host. Reads the session from a
// token stored under `token` on this origin; the host is where users really sign in.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ApiProvider, checkToken, configureRuntime } from 'shared-auth';
import AgentCallLogs from './exposes/AgentCallLogs';

const api = `${location.protocol}//${location.hostname}:4000`;
configureRuntime({ apiBase: api, wsBase: api.replace(/^http/, 'ws') });
void checkToken();

createRoot(document.getElementById('root')!).render(
  <ApiProvider>
    <BrowserRouter>
      <Routes>
        <Route path="/dashboard/agent-call-logs" element={<AgentCallLogs />} />
        <Route path="*" element={<Navigate to="/dashboard/agent-call-logs" replace />} />
      </Routes>
    </BrowserRouter>
  </ApiProvider>,
);
