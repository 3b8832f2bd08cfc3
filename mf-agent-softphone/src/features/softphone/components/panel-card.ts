/** The look of the softphone's floating panels: the dial pad, the queue and the caller beside a call. */
export const PANEL_CARD_STYLE = {
  background: '#fff', borderRadius: 8, boxShadow: '0 6px 24px rgba(0, 0, 0, 0.18)', minWidth: 240,
} as const;
