import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { alertOf, handleApiError, notifyAlert } from '../api/notify';

/**
 * The app's query client. Every failed query or mutation is announced once here (document 000
 * section 8), unless it says `meta: { silentError: true }` because its page reports the error
 * itself (a page's main query shown by LoadError, a form's own messages). A mutation whose result
 * is the api() response announces its x-vellum-alert success message (`meta.silentAlert` opts out).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
