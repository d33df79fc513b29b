import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../platform/auth';

/**
 * On every page while demo mode is on (spec 001 §4): whom the admin is viewed as, and "Exit demo",
 * which ends the demo and brings the original session back.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { demo, exitDemo } = useAuth();
  const [leaving, setLeaving] = useState(false);
  if (!demo) return null;
  return (
    <Paper
      role="region"
      aria-label={t('shell.demo.region')}
      data-testid="demo-banner"
      radius={0}
      px="lg"
      py="xs"
      bg="yellow.1"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-6)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <div>
          <Text fw={600} c="dark.9">
            {t(demo.kind === 'USER' ? 'shell.demo.viewingAsUser' : 'shell.demo.viewingAsGroup', { name: demo.label })}
          </Text>
          <Text size="sm" c="dark.7">
            {t('shell.demo.readOnly')}
          </Text>
        </div>
        <Button
          color="dark"
          variant="outline"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void exitDemo();
          }}
        >
          {t('shell.demo.exit')}
        </Button>
      </Group>
    </Paper>
  );
}
