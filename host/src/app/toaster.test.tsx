import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeSnackbar } from 'notistack';
import { notify } from 'shared-auth';
import { Toaster } from './toaster';

const page = () =>
  render(
    <Toaster>
      <button type="button">Save</button>
    </Toaster>,
  );

afterEach(() => act(() => closeSnackbar()));

test('toasts show inside a region labelled Notifications', async () => {
  page();
  act(() => notify.success('Preference updated successfully'));
  const region = screen.getByRole('region', { name: 'Notifications' });
  expect(await within(region).findByText('Preference updated successfully')).toBeInTheDocument();
});

test('Alt+T moves keyboard focus to the notifications, and Escape takes it back', async () => {
  page();
  act(() => notify.error('Failed to connect call'));
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();

  await userEvent.keyboard('{Alt>}t{/Alt}');
  const region = screen.getByRole('region', { name: 'Notifications' });
  expect(region).toContainElement(document.activeElement as HTMLElement);

  await userEvent.keyboard('{Escape}');
  expect(save).toHaveFocus();
});

test('at most three toasts show at once', async () => {
  page();
  act(() => ['One', 'Two', 'Three', 'Four'].forEach((text) => notify.info(text)));
  const region = screen.getByRole('region', { name: 'Notifications' });
  expect(await within(region).findByText('Three')).toBeInTheDocument();
  expect(within(region).getAllByRole('alert')).toHaveLength(3);
  expect(within(region).queryByText('Four')).toBeNull();
});
