import { createContext, useContext, type ReactNode } from 'react';
import type { ErrorTiming } from './shown-error';

const ErrorTimingContext = createContext<ErrorTiming>('touched');

export const useErrorTiming = () => useContext(ErrorTimingContext);

/** Around a form whose fields show their messages only once a submit was tried. */
export function ErrorsAfterSubmit({ children }: { children: ReactNode }) {
  return <ErrorTimingContext.Provider value="submitted">{children}</ErrorTimingContext.Provider>;
}
