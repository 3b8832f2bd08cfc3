import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { ApiProvider, RealtimeProvider, authStore } from 'shared-auth';
import { ConfigProvider, appTheme } from 'shared-ui';
import type { SWRConfiguration } from 'swr';
import { GlobalStyle } from './global-style';
import { Toaster } from './toaster';

/** Everything a screen (host or remote) expects above it. */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  return (
    <JotaiProvider store={authStore}>
      <ConfigProvider theme={appTheme}>
        <GlobalStyle />
        <Toaster>
          <ApiProvider value={swr}>
            <RealtimeProvider>{children}</RealtimeProvider>
          </ApiProvider>
        </Toaster>
      </ConfigProvider>
    </JotaiProvider>
  );
}
