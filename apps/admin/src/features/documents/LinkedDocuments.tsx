import { Box, Text, Title } from '@mantine/core';
import type { DocumentListItem, DocumentSearchBody } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { pageParams, useTableState } from '../../components/tableState';
import { useAuth } from '../../platform/auth';
import { documentColumns } from './documentColumns';
import { useDocumentSearch } from './documents.hooks';

/**
 * The documents linked directly to a product or a product group (read-only, with links to each
 * document), shown below their edit form to whoever may read the unit's documents.
 */
export function LinkedDocuments({
  businessUnitId,
  productId,
  productGroupId,
}: {
  businessUnitId: number;
  productId?: number;
  productGroupId?: number;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const canRead = auth.hasRight('DOCUMENT_READ', businessUnitId) || auth.hasRight('DOCUMENT_MANAGE', businessUnitId);
  const state = useTableState({ defaultSort: { field: 'number', direction: 'asc' }, prefix: 'documents.' });
  const body = useMemo<DocumentSearchBody>(
    () => (productId !== undefined ? { productId } : { productGroupId }),
    [productId, productGroupId],
  );
  const documents = useDocumentSearch({ businessUnitId, ...pageParams(state) }, body, canRead);
  if (!canRead) return null;
  const what = t(productId !== undefined ? 'documents.linkedProduct' : 'documents.linkedProductGroup');

  const columns: Column<DocumentListItem>[] = [
    ...documentColumns(t, businessUnitId),
    { key: 'fileCount', header: t('documents.fields.files'), align: 'right', render: (d) => d.fileCount },
  ];

  return (
    <Box component="section" mt="xl" maw={1200} aria-labelledby="linked-documents-title" data-testid="linked-documents">
      <Title order={3} size="h4" id="linked-documents-title" mb={4}>
        {t('documents.linkedTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('documents.linkedDescription', { what })}
      </Text>
      <DataTable
        label={t('documents.linkedTitle')}
        columns={columns}
        {...listTableProps(documents)}
        rowKey={(d) => d.id}
        state={state}
        emptyMessage={t('documents.linkedEmpty', { what })}
      />
    </Box>
  );
}
