import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArchiveOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from './DataTable';

/** Edit and delete buttons of a list row; each is left out when its handler is missing. */
export function RowActions({
  name,
  editTo,
  onDelete,
  deleteDisabledReason,
}: {
  name: string;
  editTo?: string;
  onDelete?: () => void;
  deleteDisabledReason?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {editTo && (
        <Tooltip label={t('components.actions.edit')} openDelay={1000}>
          <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={t('components.actions.editNamed', { name })}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={deleteDisabledReason ?? t('components.actions.delete')} openDelay={deleteDisabledReason ? 0 : 1000}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            disabled={!!deleteDisabledReason}
            aria-label={t('components.actions.deleteNamed', { name })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The restore button of an archived row (archived lot ranges, archived documents): `label` is its tooltip, `named` its accessible name. */
export function RestoreAction({ label, named, onClick }: { label: string; named: string; onClick: () => void }) {
  return (
    <Group justify="flex-end">
      <Tooltip label={label} openDelay={1000}>
        <ActionIcon variant="subtle" onClick={onClick} aria-label={named}>
          <IconArchiveOff size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The right-aligned column of row actions every list ends with; `label` names it for screen readers. */
export function actionsColumn<T>(label: string, render: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', header: <VisuallyHidden>{label}</VisuallyHidden>, align: 'right', width: 90, render };
}
