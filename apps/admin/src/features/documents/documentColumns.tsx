import { Text } from '@mantine/core';
import type { DocumentListItem } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/DataTable';
import { documentPaths } from '../../paths/documents';
import { DocumentStateBadge } from './DocumentStateBadge';

/** The columns every document table starts with: number (a link to the document), name, type and publish state. */
export function documentColumns(t: TFunction, businessUnitId: number): Column<DocumentListItem>[] {
  return [
    {
      key: 'number',
      header: t('documents.fields.number'),
      sortable: true,
      render: (d) => (
        <Text component={Link} to={documentPaths.edit(businessUnitId, d.id)} size="sm" fw={500} c="teal.8" td="underline">
          {d.number}
        </Text>
      ),
    },
    { key: 'name', header: t('documents.fields.name'), sortable: true, render: (d) => d.name },
    { key: 'documentType', header: t('documents.fields.documentType'), sortable: true, render: (d) => d.documentTypeName },
    { key: 'publishState', header: t('documents.fields.publishState'), render: (d) => <DocumentStateBadge state={d.publishState} /> },
  ];
}
