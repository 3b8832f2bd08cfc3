import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumbs } from './breadcrumbs';

describe('Breadcrumbs', () => {
  it('links every crumb that has a target except the last one', () => {
    render(
      <MemoryRouter>
        <Breadcrumbs
          items={[
            { label: 'Dashboard', to: '/admin/account-list' },
            { label: 'Accounts' },
            { label: 'Ai Clients', to: '/admin/ai-clients' },
          ]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/account-list');
    expect(within(nav).queryByRole('link', { name: 'Accounts' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Ai Clients' })).toBeNull();
    expect(within(nav).getByText('Ai Clients')).toHaveAttribute('aria-current', 'page');
  });
});
