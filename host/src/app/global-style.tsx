import { FONT_FAMILY } from 'shared-ui';

const rules = `body { font-family: ${FONT_FAMILY}; }`;

/** Page-wide CSS: the body gets the theme's font, for every element antd does not style itself. */
export function GlobalStyle() {
  // href and precedence: React puts it in <head> once, however often it renders.
  return <style href="app-global-style" precedence="default">{rules}</style>;
}
