import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { SnackbarProvider } from 'notistack';
import { ApiProvider, RealtimeProvider, authStore } from 'shared-auth';
import { TOAST_MAX_VISIBLE } from 'shared-contracts';
import { ConfigProvider } from 'shared-ui';
import type { SWRConfiguration } from 'swr';

const toastOrigin = { vertical: 'top', horizontal: 'right' } as const;

/** Everything a screen (host or remote) expects above it. */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  return (
    <JotaiProvider store={authStore}>
      <ConfigProvider>
        <SnackbarProvider anchorOrigin={toastOrigin} maxSnack={TOAST_MAX_VISIBLE}>
          <ApiProvider value={swr}>
            <RealtimeProvider>{children}</RealtimeProvider>
          </ApiProvider>
        </SnackbarProvider>
      </ConfigProvider>
    </JotaiProvider>
  );
}
