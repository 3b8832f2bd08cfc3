import type { ThemeConfig } from '../antd';

/**
 * The product's one font stack (the system fonts antd chooses by default). antd's components
 * take it from the theme below; the shell puts it on the page body, so what antd does not draw
 * (toasts, the softphone's own markup, plain text) matches instead of falling back to serif.
 */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, "
  + "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/** The antd theme every app renders under (the shell's ConfigProvider). */
export const appTheme: ThemeConfig = { token: { fontFamily: FONT_FAMILY } };
