import { FONT_FAMILY } from 'shared-ui';

// A link inside a sentence is underlined, so it is told from the text around it without its colour.
const rules = `body { font-family: ${FONT_FAMILY}; } p a, .ant-typography a { text-decoration: underline; }`;

/** Page-wide CSS: the body gets the theme's font, for every element antd does not style itself; links in text are underlined. */
export function GlobalStyle() {
  // href and precedence: React puts it in <head> once, however often it renders.
  return <style href="app-global-style" precedence="default">{rules}</style>;
}
