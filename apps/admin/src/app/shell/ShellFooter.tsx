import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useManagementInfo } from '../../platform/queries';

/**
 * The software version, as plain text. Document 000 section 2 also puts a release-notes link on the
 * version, a validation-records link and a 'Need help' link here; none of those screens exists yet,
 * so nothing leads to them (docs/decisions/0018).
 */
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
    </Group>
  );
}
