import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openValidationRecords, useCanOpenValidationRecords } from '../../features/validation-records';
import { useManagementInfo } from '../../platform/queries';

/**
 * The running software version, linking to the release notes; 'Validation records' while that
 * feature is on (for users who may open them: a new tab, decision 0077); the 'Need help' link to
 * `/help`, which carries the page it was opened from (its 'Go Back' link and the ticket's url).
 */
export function ShellFooter() {
  const { t } = useTranslation();
  const info = useManagementInfo();
  const location = useLocation();
  const validationRecords = useCanOpenValidationRecords();
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
      {validationRecords && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => void openValidationRecords()}
          aria-label={t('shell.footer.validationRecordsNewTab')}
          data-testid="footer-validation-records"
        >
          {t('shell.footer.validationRecords')} <IconExternalLink size={12} aria-hidden />
        </Anchor>
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
