import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before a page with unsaved edits is left: a dialog when the app navigates elsewhere (React
 * Router's blocker), the browser's own question when the tab is closed or reloaded
 * (`beforeunload`). `changes` names what is not saved yet.
 */
export function UnsavedChangesPrompt({ changes }: { changes: string[] }) {
  const { t } = useTranslation();
  const dirty = changes.length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers ask only when a value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // saved in the meantime: nothing to ask any more
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('components.unsavedChanges.title')}
      closeButtonProps={{ 'aria-label': t('global.close') }}
      centered
    >
      <Text size="sm">
        {changes.length > 0 ? t('components.unsavedChanges.some', { changes: changes.join(', ') }) : t('components.unsavedChanges.any')}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('components.unsavedChanges.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('components.unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
