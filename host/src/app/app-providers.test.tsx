import { act, render, screen } from '@testing-library/react';
import { closeSnackbar } from 'notistack';
import { notify } from 'shared-auth';
import { Button, FONT_FAMILY } from 'shared-ui';
import { AppProviders } from './app-providers';

/** A property as drawn: the element's own value or its nearest ancestor's (jsdom does not
 *  inherit), with a CSS variable (antd's theme writes its tokens as variables) resolved. */
const drawn = (element: Element | null, property: string): string => {
  for (let node = element; node; node = node.parentElement) {
    const value = getComputedStyle(node).getPropertyValue(property).trim();
    const variable = /^var\((--[\w-]+)\)$/.exec(value);
    if (variable) return drawn(node, variable[1]!);
    if (value) return value;
  }
  return '';
};
/** A font stack as the browser writes it back, so one spelt with ' and one with " compare equal. */
const normalised = (family: string) => {
  const probe = document.createElement('span');
  probe.style.fontFamily = family;
  return probe.style.fontFamily;
};
const fontOf = (element: Element | null) => normalised(drawn(element, 'font-family'));
const stack = () => normalised(FONT_FAMILY);

afterEach(() => act(() => closeSnackbar()));

test('the page body, toasts and antd buttons are all drawn in the one font stack, never the serif default', async () => {
  render(
    <AppProviders>
      <Button>Save</Button>
    </AppProviders>,
  );
  act(() => notify.success('Preference updated successfully'));

  expect(fontOf(document.body)).toBe(stack());
  expect(fontOf(await screen.findByText('Preference updated successfully'))).toBe(stack());
  expect(fontOf(screen.getByRole('button', { name: 'Save' }))).toBe(stack());
});
