import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The delete action of an edit page's header (the page asks the confirmation in `onClick`). */
export function DeleteButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={onClick}>
      {t('components.actions.delete')}
    </Button>
  );
}
