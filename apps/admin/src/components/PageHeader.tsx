import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../platform/documentTitle';

/**
 * The title row of a page: optional back link, title, description and actions on the right. Its
 * title is the page's one <h1> and names the browser tab (`documentTitle` when the title is not
 * plain text).
 */
export function PageHeader({
  title,
  documentTitle,
  description,
  actions,
  back,
  badge,
}: {
  title: ReactNode;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
  badge?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Stack gap={4} mb="lg">
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content">
          <Group gap={2} wrap="nowrap">
            <IconChevronLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" fw={600}>
              {title}
            </Title>
            {badge}
          </Group>
          {description && (
            <Text c="dimmed" size="sm" mt={2}>
              {description}
            </Text>
          )}
        </Box>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
