import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A problem a screen reports (a failed load, a refused save or send): red, with the warning icon,
 * and announced by screen readers as it appears. Screens report their problems through this one,
 * so they look and sound the same everywhere.
 */
export function ProblemAlert(props: Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role'>) {
  return <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" {...props} />;
}
