import { useEffect } from 'react';
import { useFormState } from 'react-final-form';

export const LEAVE_UNSAVED_TEXT = 'Leave this page? Your changes are not saved.';

/** What leaves the page when clicked: a link, or a control marked `data-leaves-page` (a "Go back"). */
function leavingControl(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('a[href], [data-leaves-page]');
  // A link that opens another tab leaves nothing behind.
  if (control instanceof HTMLAnchorElement && control.target === '_blank') return null;
  return control;
}

/**
 * While `active`, asks before the page is left: closing or reloading the tab (the browser's own
 * question) and following a link or a "Go back" in the app (ours). The router cannot block a
 * navigation, so the click is stopped before it reaches the link.
 */
export function useLeaveGuard(active: boolean, text: string = LEAVE_UNSAVED_TEXT): void {
  useEffect(() => {
    if (!active) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || leavingControl(event.target) === null) return;
      if (window.confirm(text)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active, text]);
}

/** Inside a react-final-form form: asks before leaving while it holds changes not yet saved. */
export function UnsavedChangesGuard() {
  const { dirty, submitSucceeded, dirtySinceLastSubmit } = useFormState({
    subscription: { dirty: true, submitSucceeded: true, dirtySinceLastSubmit: true },
  });
  useLeaveGuard(dirty === true && (submitSucceeded !== true || dirtySinceLastSubmit === true));
  return null;
}
