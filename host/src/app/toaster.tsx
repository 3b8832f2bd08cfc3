import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
import { TOAST_HOTKEY, TOAST_MAX_VISIBLE, TOAST_POSITION, TOAST_REGION_LABEL } from 'shared-contracts';

const MODIFIERS = ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const;
type Modifier = (typeof MODIFIERS)[number];
const isModifier = (key: string): key is Modifier => (MODIFIERS as readonly string[]).includes(key);

/** Keys by position (`KeyT`), so Alt+T works whatever character a layout makes of it (macOS: †). */
const isHotkey = (event: KeyboardEvent) => TOAST_HOTKEY.every((key) => (isModifier(key) ? event[key] : event.code === key));

/**
 * The page's toasts (notistack, top-right, at most 3 at once) inside a region labelled
 * 'Notifications'. Alt+T moves keyboard focus to the region, so a screen reader user can read
 * toasts that came and went; Escape there takes focus back to where it was.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!region) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isHotkey(event)) return;
      event.preventDefault();
      const from = document.activeElement;
      if (from instanceof HTMLElement && !region.contains(from)) returnTo.current = from;
      // The region sits after the page's content: focusing it must not scroll there.
      region.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [region]);

  const onRegionKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !returnTo.current?.isConnected) return;
    returnTo.current.focus();
    returnTo.current = null;
  };

  return (
    <SnackbarProvider anchorOrigin={TOAST_POSITION} maxSnack={TOAST_MAX_VISIBLE} domRoot={region ?? undefined}>
      {children}
      {/* The toasts are fixed top-right by notistack; the region only holds and names them. */}
      <section ref={setRegion} aria-label={TOAST_REGION_LABEL} tabIndex={-1} onKeyDown={onRegionKeyDown} style={{ outline: 'none' }} />
    </SnackbarProvider>
  );
}
