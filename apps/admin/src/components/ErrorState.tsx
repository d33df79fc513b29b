import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../platform/documentTitle';

/** A full-page message: icon, title (the page's heading and the tab's title), text and one way on. */
export function ErrorState({
  icon,
  code,
  title,
  action,
  testId,
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  action?: { to: string; label: string };
  testId: string;
}) {
  usePageTitle(title);
  return (
    <Center mih="50vh" data-testid={testId}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        {code && (
          <Text c="dimmed" fw={700} size="sm" style={{ letterSpacing: 2 }}>
            {code}
          </Text>
        )}
        <Title order={1} size="h2" fw={600}>
          {title}
        </Title>
        {action && (
          <Button component={Link} to={action.to} variant="light" mt="sm">
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
