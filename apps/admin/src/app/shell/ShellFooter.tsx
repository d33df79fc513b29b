import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useManagementInfo } from '../../platform/queries';

/**
 * The software version, linking to the release notes, and the 'Need help' link to `/help`, which
 * carries the page it was opened from (its 'Go Back' link and the ticket's url). Document 000
 * section 2 also puts a validation-records link here, once that feature exists (decision 0073).
 */
export function ShellFooter() {
  const { t } = useTranslation();
  const info = useManagementInfo();
  const location = useLocation();
  return (
    <Group
      component="footer"
      justify="flex-end"
      gap="lg"
      px="lg"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      bg="white"
      data-testid="shell-footer"
    >
      {info.data ? (
        <Anchor component={Link} to="/general-settings/release-notes" size="xs" c="dimmed" data-testid="software-version">
          {t('shell.footer.version', { version: info.data.version })}
        </Anchor>
      ) : (
        <Text size="xs">{'\u00a0'}</Text>
      )}
      <Anchor
        component={Link}
        to="/help"
        state={{ from: `${location.pathname}${location.search}` }}
        size="xs"
        data-testid="footer-need-help"
      >
        {t('shell.footer.needHelp')}
      </Anchor>
    </Group>
  );
}
