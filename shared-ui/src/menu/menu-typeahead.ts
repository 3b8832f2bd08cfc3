import { useCallback, useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { MENU_TYPEAHEAD_RESET_MS } from 'shared-contracts';

/** What takes focus for a menu item: its link when it holds one (Enter follows it), else the item. */
function focusTargetOf(item: HTMLElement): HTMLElement {
  return item.querySelector<HTMLElement>('a[href]') ?? item;
}

/** The items a person can see: a folded group's items are in the DOM but hidden. */
function visibleItems(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter(
    (item) => !item.closest('[hidden], .ant-menu-hidden, [aria-hidden="true"]'),
  );
}

const labelOf = (item: HTMLElement) => (item.textContent ?? '').trim().toLowerCase();

/**
 * The item that typed text moves focus to, or null. Typing one letter again and again steps
 * through the items starting with it; a longer word searches from the current item on.
 */
export function typeaheadMatch(labels: readonly string[], current: number, typed: string): number | null {
  if (!typed || labels.length === 0) return null;
  const repeated = [...typed].every((char) => char === typed[0]);
  const search = repeated ? typed[0]! : typed;
  const start = repeated ? current + 1 : Math.max(current, 0);
  for (let step = 0; step < labels.length; step += 1) {
    const index = (start + step) % labels.length;
    if (labels[index]!.startsWith(search)) return index;
  }
  return null;
}

const isPrintable = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * Type-ahead for a menu (WAI-ARIA menu pattern): with focus in the menu, typed letters move
 * focus to the item whose label starts with them; what was typed is forgotten after
 * MENU_TYPEAHEAD_RESET_MS without a key. antd's Menu has arrow keys but no type-ahead.
 * Returns the keydown handler for an element around the menu.
 */
export function useMenuTypeahead(resetMs: number = MENU_TYPEAHEAD_RESET_MS) {
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!isPrintable(event)) return;
      // A space with nothing typed yet is the item's own key (it opens a group), not a search.
      if (event.key === ' ' && !typed.current) return;
      typed.current += event.key.toLowerCase();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        typed.current = '';
      }, resetMs);

      const items = visibleItems(event.currentTarget);
      const active = document.activeElement;
      const current = items.findIndex((item) => item === active || item.contains(active));
      const match = typeaheadMatch(items.map(labelOf), current, typed.current);
      if (match === null) return;
      event.preventDefault();
      focusTargetOf(items[match]!).focus();
    },
    [resetMs],
  );
}
