import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { alertOf, handleApiError, notifyAlert } from './api/notify';
import { AuthProvider } from './app/auth';
import { createRouter } from './app/router';
import { DevRibbon } from './app/shell/DevRibbon';
import { cssVariablesResolver, theme } from './app/theme';

/**
 * Every failed query or mutation is announced once here (document 000 section 8), unless it says
 * `meta: { silentError: true }` because its page reports the error itself. A mutation whose result
 * is the api() response announces its x-vellum-alert success message (`meta.silentAlert` opts out).
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silentError !== true) handleApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silentError !== true) handleApiError(error);
    },
    onSuccess: (data, _variables, _context, mutation) => {
      if (mutation.meta?.silentAlert !== true) notifyAlert(alertOf(data));
    },
  }),
});
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <DevRibbon />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
