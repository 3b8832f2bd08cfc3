import { FONT_FAMILY } from 'shared-ui';

// A link inside a sentence is underlined, so it is told from the text around it without its colour.
// The password field's show/hide icon is a 24 px target (WCAG 2.2 target size), not antd's 14 px.
const rules = `body { font-family: ${FONT_FAMILY}; } p a, .ant-typography a { text-decoration: underline; }
.ant-input-password-icon { display: inline-flex; align-items: center; justify-content: center; min-width: 24px; min-height: 24px; }`;

/** Page-wide CSS: the body gets the theme's font, for every element antd does not style itself;
 *  links in text are underlined; small antd controls get a target a finger can hit. */
export function GlobalStyle() {
  // href and precedence: React puts it in <head> once, however often it renders.
  return <style href="app-global-style" precedence="default">{rules}</style>;
}
