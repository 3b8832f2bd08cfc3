// The screen test kit plus the toaster the host mounts, so tests see the toasts users see.
import type { ReactElement } from 'react';
import { SnackbarProvider } from 'notistack';
import { Route, Routes, useLocation } from 'react-router-dom';
import { makeUser, renderScreen } from 'shared-auth/src/testing';
import type { SessionUser } from 'shared-contracts';

export const admin = makeUser({ role: 'ADMINISTRATOR' });

/** Shows where the router went, for tests of links and redirects. */
function Location() {
  const { pathname } = useLocation();
  return <output aria-label="Location">{pathname}</output>;
}

export function renderAdmin(ui: ReactElement, user: SessionUser | null = admin) {
  return renderScreen(
    <SnackbarProvider>
      <Routes>
        <Route path="/" element={ui} />
        <Route path="*" element={<Location />} />
      </Routes>
    </SnackbarProvider>,
    user,
  );
}
