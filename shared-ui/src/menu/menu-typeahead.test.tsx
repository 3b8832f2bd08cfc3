import { act, fireEvent, render, screen } from '@testing-library/react';
import { Menu } from 'antd';
import { MENU_TYPEAHEAD_RESET_MS } from 'shared-contracts';
import { typeaheadMatch, useMenuTypeahead } from './menu-typeahead';

const LABELS = ['Overview', 'Call Logs', 'Calendar', 'Reports', 'Agents'];

function TestMenu() {
  const onKeyDown = useMenuTypeahead();
  return (
    <nav aria-label="Main" onKeyDown={onKeyDown}>
      <Menu
        mode="inline"
        items={[
          ...LABELS.map((label) => ({ key: label, label: <a href={`/${label}`}>{label}</a> })),
          { key: 'group', label: 'Settings', children: [{ key: 'sound', label: <a href="/sound">Sound</a> }] },
        ]}
      />
    </nav>
  );
}

const type = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
const focused = () => document.activeElement?.textContent;

async function renderMenuFocusedOn(name: string) {
  render(<TestMenu />);
  // rc-menu registers its items after the first render.
  await act(async () => {});
  const link = screen.getByRole('link', { name });
  act(() => link.focus());
}
describe('menu type-ahead', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('moves focus to the item whose label starts with the typed letters', async () => {
    await renderMenuFocusedOn('Overview');
    type('r');
    expect(focused()).toBe('Reports');
    type('a');
    // "ra" matches nothing: focus stays where it was.
    expect(focused()).toBe('Reports');
  });

  it('steps through the items that start with one letter typed again', async () => {
    await renderMenuFocusedOn('Overview');
    type('c');
    expect(focused()).toBe('Call Logs');
    type('c');
    expect(focused()).toBe('Calendar');
    type('c');
    expect(focused()).toBe('Call Logs');
  });

  it('searches a word typed quickly and forgets it after a second without a key', async () => {
    await renderMenuFocusedOn('Overview');
    for (const key of 'cale') type(key);
    expect(focused()).toBe('Calendar');

    act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS - 1));
    type('a');
    // Still within the second: "calea" matches nothing, so focus stays.
    expect(focused()).toBe('Calendar');

    act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS));
    type('a');
    expect(focused()).toBe('Agents');
  });

  it('reaches a group title, and leaves keys with a modifier and a first space alone', async () => {
    await renderMenuFocusedOn('Overview');
    fireEvent.keyDown(document.activeElement!, { key: 's', ctrlKey: true });
    expect(focused()).toBe('Overview');
    type(' ');
    expect(focused()).toBe('Overview');
    type('s');
    expect(focused()).toBe('Settings');
  });
});

describe('typeaheadMatch', () => {
  const labels = ['overview', 'call logs', 'calendar'];
  it('wraps around and finds nothing for an unknown word', () => {
    expect(typeaheadMatch(labels, 2, 'o')).toBe(0);
    expect(typeaheadMatch(labels, 0, 'zz')).toBeNull();
    expect(typeaheadMatch(labels, -1, 'cal')).toBe(1);
    expect(typeaheadMatch([], 0, 'a')).toBeNull();
  });
});
