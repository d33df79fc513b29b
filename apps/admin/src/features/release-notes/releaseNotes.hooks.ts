import { useQuery } from '@tanstack/react-query';
import { releaseNotesApi } from '@vellum/contract';
import { call } from '../../api/call';

/** The product's release notes and known bugs: they change only with a new version, so read once per session. */
export function useReleaseNotes() {
  return useQuery({
    queryKey: ['release-notes'],
    queryFn: async ({ signal }) => {
      const [issues, knownBugs] = await Promise.all([
        call(releaseNotesApi.issues, undefined, { signal }),
        call(releaseNotesApi.knownBugs, undefined, { signal }),
      ]);
      return { issues: issues.data, knownBugs: knownBugs.data };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
