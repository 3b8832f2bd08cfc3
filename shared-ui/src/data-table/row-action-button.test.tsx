import { render, screen } from '@testing-library/react';
import { CopyOutlined } from '../antd';
import { RowActionButton } from './row-action-button';

/** A window whose width matches the given media queries and no others. */
function windowMatching(...queries: string[]) {
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: queries.includes(query), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {},
    addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }));
}

afterEach(() => jest.restoreAllMocks());

const duplicate = () => render(<RowActionButton icon={<CopyOutlined />} label="Duplicate" aria-label="Duplicate Front Desk" />);

test('on a wide screen a row action shows its icon and its text', () => {
  windowMatching();
  duplicate();
  const button = screen.getByRole('button', { name: 'Duplicate Front Desk' });
  expect(button).toHaveTextContent('Duplicate');
  expect(button).not.toHaveAttribute('title');
});

test('on a phone a row action shows its icon alone, with its text as a tooltip and the same name', () => {
  windowMatching('(max-width: 767.98px)');
  duplicate();
  const button = screen.getByRole('button', { name: 'Duplicate Front Desk' });
  expect(button).not.toHaveTextContent('Duplicate');
  expect(button).toHaveAttribute('title', 'Duplicate');
  expect(button.querySelector('.anticon-copy')).not.toBeNull();
});
