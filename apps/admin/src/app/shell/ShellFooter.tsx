import { Anchor, Group, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useManagementInfo } from './queries';

/** Software version and the help link. */
export function ShellFooter() {
  const { t } = useTranslation();
  const info = useManagementInfo();
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
      <Text size="xs" c="dimmed" data-testid="software-version">
        {info.data ? t('shell.footer.version', { version: info.data.version }) : '\u00a0'}
      </Text>
      <Anchor component={Link} to="/help" size="xs" data-testid="help-link">
        <Group gap={4} wrap="nowrap">
          <IconHelpCircle size={14} aria-hidden />
          {t('shell.footer.help')}
        </Group>
      </Anchor>
    </Group>
  );
}
