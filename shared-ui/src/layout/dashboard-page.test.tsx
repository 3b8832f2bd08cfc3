import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DashboardPage } from './dashboard-page';

const page = (props: Partial<Parameters<typeof DashboardPage>[0]> = {}) =>
  render(
    <MemoryRouter>
      <DashboardPage title="Ai Client List" {...props}>
        <p>content</p>
      </DashboardPage>
    </MemoryRouter>,
  );

describe('DashboardPage', () => {
  it('names the page by its title and shows its content, breadcrumbs and actions', () => {
    page({ breadcrumbs: [{ label: 'Dashboard', to: '/' }, { label: 'Ai Clients' }], extra: <button>Add</button> });
    expect(screen.getByRole('heading', { level: 1, name: 'Ai Client List' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ai Client List' })).toHaveTextContent('content');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /go back/i })).toBeNull();
  });

  it('replaces the content by a loading indicator while loading', () => {
    page({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('content')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ai Client List' })).toBeInTheDocument();
  });

  it('offers a Go back button when asked to', async () => {
    const onBack = jest.fn();
    page({ onBack });
    await userEvent.click(screen.getByRole('button', { name: /go back/i }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
