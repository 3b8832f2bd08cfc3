import type { CSSProperties } from 'react';
import type { ThemeConfig } from '../antd';

/**
 * The product's one font stack (the system fonts antd chooses by default). antd's components
 * take it from the theme below; the shell puts it on the page body, so what antd does not draw
 * (toasts, the softphone's own markup, plain text) matches instead of falling back to serif.
 */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, "
  + "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/**
 * The primary blue (antd's blue-7): white text on it and it on white or on antd's light-blue
 * selection reach 5.5:1 or more, where antd's default primary (#1677ff) gives 4.1:1 on white,
 * under WCAG's 4.5:1 for text.
 */
export const PRIMARY_COLOR = '#0958d9';

/** antd's body text size and line height, for text drawn without antd (the page sets neither). */
export const BODY_TEXT: CSSProperties = { fontSize: 14, lineHeight: 1.5714 };

/** Body text: antd's own default, named here for the few texts drawn without antd. */
export const TEXT_COLOR = 'rgba(0, 0, 0, 0.88)';

/** Secondary text (descriptions, labels, breadcrumbs) at 5.6:1 or more on white and on the layout's grey. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';

/**
 * The antd theme every app renders under (the shell's ConfigProvider). Every text colour reads
 * at WCAG's 4.5:1 or more (checked by axe in e2e); antd's defaults give links 4.1:1, secondary
 * text 3.4:1, placeholders 1.8:1 and status tags down to 2.2:1.
 */
/** antd's red-7: danger buttons and error text at 5.6:1 on white (the default red gives 3.9:1). */
export const ERROR_COLOR = '#cf1322';

export const appTheme: ThemeConfig = {
  token: {
    fontFamily: FONT_FAMILY,
    colorText: TEXT_COLOR,
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorError: ERROR_COLOR,
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: {
    // A tag's text is its status colour on a tint of it: darker shades for the tags only.
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00' },
  },
};
