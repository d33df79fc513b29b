import { ActionIcon, Tooltip } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

/** GET api/manufacturer/own/public-website-url: the configured address, or the app's own /site. */
export function usePublicWebsiteUrl() {
  return useQuery({
    queryKey: ['manufacturer', 'public-website-url'],
    queryFn: async () => (await api<{ url: string }>('api/manufacturer/own/public-website-url')).data.url,
    staleTime: 5 * 60_000,
    // shell decoration: a failure only leaves the link out
    meta: { silentError: true },
  });
}

/** The top bar's link to the public website (document 000 section 2), in a new tab. */
export function PublicWebsiteLink() {
  const { t } = useTranslation();
  const url = usePublicWebsiteUrl();
  if (!url.data) return null;
  const label = t('shell.publicWebsite');
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={url.data}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid="public-website-link"
      >
        <IconWorldWww size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
