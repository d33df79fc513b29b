import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { documentPaths } from '../../paths/documents';
import { useAuth } from '../../platform/auth';
import { DocumentFilesSection } from './DocumentFilesSection';

/** document-management/:documentId/files: the document's files on their own page (reachable without the document detail). */
export function DocumentFilesPage() {
  const { t } = useTranslation();
  const params = useParams();
  const unitId = Number(params.businessUnitId);
  const documentId = Number(params.documentId);
  const canManage = useAuth().hasRight('DOCUMENT_MANAGE', unitId);
  if (!(Number.isInteger(documentId) && documentId > 0)) return <NotFoundPage />;
  return (
    <Stack gap="lg">
      <PageHeader title={t('files.section.pageTitle')} back={{ to: documentPaths.edit(unitId, documentId), label: t('files.back') }} />
      <DocumentFilesSection businessUnitId={unitId} documentId={documentId} canManage={canManage} />
    </Stack>
  );
}
