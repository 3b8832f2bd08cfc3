import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { markTokenChecked, setSessionUser } from '../auth/auth-actions';
import { makeUser, resetAuthStore } from '../testing';
import { RequireRole } from './require-role';

beforeEach(resetAuthStore);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/login/role" element={<p>choose a role</p>} />
        <Route path="/restricted" element={<p>restricted page</p>} />
        <Route path="/admin/ai-clients" element={<RequireRole roles={['ADMINISTRATOR']}><p>ai clients</p></RequireRole>} />
      </Routes>
    </MemoryRouter>,
  );
}

test('renders nothing until the token has been checked', () => {
  const { container } = renderAt('/admin/ai-clients');
  expect(container).toBeEmptyDOMElement();
});

test('sends a visitor with no session user to /auth/login/role', () => {
  renderAt('/admin/ai-clients');
  act(() => markTokenChecked());
  expect(screen.getByText('choose a role')).toBeInTheDocument();
});

test('sends a user whose role is not allowed to /restricted', () => {
  setSessionUser(makeUser({ role: 'AGENT' }));
  renderAt('/admin/ai-clients');
  expect(screen.getByText('restricted page')).toBeInTheDocument();
});

test('shows the screen to an allowed role', () => {
  setSessionUser(makeUser({ role: 'ADMINISTRATOR' }));
  renderAt('/admin/ai-clients');
  expect(screen.getByText('ai clients')).toBeInTheDocument();
});
