import { Stack } from '@mantine/core';
import type { Document } from '@vellum/contract';
import { useAuth } from '../../platform/auth';
import { DocumentFilesSection } from '../files';
import { DocumentRestrictedAccessSection } from '../restricted-access';

/**
 * The sections of an existing document, stacked below its form on the detail page (spec 001 §2:
 * "document fields, a files table and a restricted-access table"): its files, then the restricted
 * groups it belongs to, each editable with its own right.
 */
export function DocumentDetailSections({ document }: { document: Document }) {
  const auth = useAuth();
  const canManage = auth.hasRight('DOCUMENT_MANAGE', document.businessUnitId);
  const sections = [
    <DocumentFilesSection key="files" businessUnitId={document.businessUnitId} documentId={document.id} canManage={canManage} />,
    <DocumentRestrictedAccessSection
      key="restricted-access"
      businessUnitId={document.businessUnitId}
      documentId={document.id}
      canManage={auth.hasRight('RESTRICTED_ACCESS_GROUP_MANAGE', document.businessUnitId)}
    />,
  ];
  return (
    <Stack gap="lg" mt="xl" maw={1200} data-testid="document-sections" data-document-id={document.id}>
      {sections}
    </Stack>
  );
}
