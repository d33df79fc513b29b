import { ActionIcon, Tooltip } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { call } from '../../api/call';
import { firstLoadRoutes } from '../../api/firstLoadRoutes';
import { breadcrumbScope } from '../../platform/breadcrumbScope';
import { useMyBusinessUnits } from '../../platform/queries';

/** Where a unit's public website answers on this server (docs/site-urls.md). */
export const unitSitePath = (slug: string) => `/site/${encodeURIComponent(slug)}`;

/** GET api/manufacturer/own/public-website-url: the configured address, or the app's own /site. */
export function usePublicWebsiteUrl() {
  return useQuery({
    queryKey: ['manufacturer', 'public-website-url'],
    queryFn: async () => (await call(firstLoadRoutes.publicWebsiteUrl)).data.url,
    staleTime: 5 * 60_000,
    // shell decoration: a failure only leaves the link out
    meta: { silentError: true },
  });
}

/**
 * The top bar's link to the public website (document 000 section 2), in a new tab: the site of the
 * business unit the page belongs to (`/site/{slug}`, served by this server), else the
 * manufacturer-wide entry (the configured public-website address, or this server's `/site`).
 */
export function PublicWebsiteLink() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = breadcrumbScope(pathname);
  const units = useMyBusinessUnits();
  const url = usePublicWebsiteUrl();
  const unit = scope.scope === 'none' ? undefined : units.data?.find((u) => u.id === scope.businessUnitId);
  const href = unit ? unitSitePath(unit.slug) : url.data;
  if (!href) return null;
  const label = unit ? t('shell.publicWebsiteOf', { name: unit.displayName }) : t('shell.publicWebsite');
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={href}
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
