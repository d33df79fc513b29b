import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DevRibbon } from '../../components/DevRibbon';
import { usePageTitle } from '../../platform/documentTitle';
import { useManufacturerName } from '../../platform/queries';

/** The frame of the signed-out pages: the product and manufacturer above one card. */
export function AuthLayout({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const manufacturer = useManufacturerName();
  usePageTitle(title);
  return (
    <Box bg="gray.1" mih="100dvh" py={64} px="md">
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="md" color="teal" variant="filled">
              <IconFileCertificate size={28} aria-hidden />
            </ThemeIcon>
            <Text fw={700} size="xl" c="dark.7">
              {t('global.title')}
            </Text>
            {manufacturer.data && (
              <Text size="sm" c="dimmed" data-testid="auth-manufacturer">
                {manufacturer.data}
              </Text>
            )}
            <DevRibbon />
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl" data-testid={testId}>
            <Title order={1} size="h3" fw={600} mb="lg">
              {title}
            </Title>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
