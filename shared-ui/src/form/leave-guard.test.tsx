import { fireEvent, render, screen } from '@testing-library/react';
import { Form, Field } from 'react-final-form';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { LEAVE_UNSAVED_TEXT, UnsavedChangesGuard } from './leave-guard';

function EditPage() {
  return (
    <Form onSubmit={() => undefined} initialValues={{ name: 'Front Desk' }}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <UnsavedChangesGuard />
          <Field name="name" component="input" aria-label="Name" />
          <button type="submit">Save</button>
          <Link to="/elsewhere">Elsewhere</Link>
          <button type="button" data-leaves-page>Go back</button>
        </form>
      )}
    </Form>
  );
}

const renderPage = () => render(
  <MemoryRouter initialEntries={['/edit']}>
    <Routes>
      <Route path="/edit" element={<EditPage />} />
      <Route path="/elsewhere" element={<p>elsewhere page</p>} />
    </Routes>
  </MemoryRouter>,
);

let confirm: jest.SpyInstance;
beforeEach(() => { confirm = jest.spyOn(window, 'confirm'); });
afterEach(() => confirm.mockRestore());

test('an untouched form lets a link leave without asking', () => {
  renderPage();
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByText('elsewhere page')).toBeInTheDocument();
});

test('with changes not saved, a link asks first and stays when the answer is no', () => {
  renderPage();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night Desk' } });
  confirm.mockReturnValueOnce(false);
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED_TEXT);
  expect(screen.getByLabelText('Name')).toHaveValue('Night Desk');

  confirm.mockReturnValueOnce(true);
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(screen.getByText('elsewhere page')).toBeInTheDocument();
});

test('with changes not saved, closing the tab asks, and a "Go back" asks too', () => {
  renderPage();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night Desk' } });
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  expect(unload.defaultPrevented).toBe(true);
  confirm.mockReturnValueOnce(false);
  fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
  expect(confirm).toHaveBeenCalledTimes(1);
});

test('once saved, leaving asks nothing', async () => {
  renderPage();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night Desk' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByLabelText('Name');
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByText('elsewhere page')).toBeInTheDocument();
});
