import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './pager';

const renderPager = (page: number, totalPages: number) => {
  const onChange = jest.fn();
  render(<Pager page={page} totalPages={totalPages} onChange={onChange} />);
  return onChange;
};

const pageLabels = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);

describe('Pager', () => {
  it('shows the current page with its neighbours, the first and last pages and ellipses', () => {
    renderPager(5, 10);
    expect(pageLabels()).toEqual(['1', '4', '5', '6', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  });

  it('goes to the page clicked, and to the previous and next pages', async () => {
    const onChange = renderPager(5, 10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange.mock.calls).toEqual([[6], [4], [6], [10]]);
  });

  it('does nothing on previous at the first page', async () => {
    const onChange = renderPager(1, 10);
    expect(pageLabels()).toEqual(['1', '2', '10']);
    expect(screen.getAllByText('…')).toHaveLength(1);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toBeDisabled();
    await userEvent.click(previous);
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does nothing on next at the last page', async () => {
    const onChange = renderPager(10, 10);
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toBeDisabled();
    await userEvent.click(next);
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenCalledWith(9);
  });

  it('renders nothing when everything fits on one page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
