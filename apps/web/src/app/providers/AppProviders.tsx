import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@vigil/contracts';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { AbilityProvider } from './AbilityProvider.tsx';
import { ThemeProvider } from './ThemeProvider.tsx';
import { ToastBridge } from './ToastBridge.tsx';

const TOASTS = { placement: 'top', duration: TOAST_DURATION_MS / 1000, maxCount: 5 } as const;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AntApp notification={TOASTS}>
          <ToastBridge />
          <AbilityProvider>{children}</AbilityProvider>
        </AntApp>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
