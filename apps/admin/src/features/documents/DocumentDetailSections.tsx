import { Stack } from '@mantine/core';
import type { Document } from '@vellum/contract';
import { useAuth } from '../../app/auth';
import { DocumentFilesSection } from '../files/DocumentFilesSection';

/**
 * The sections of an existing document, stacked below its form on the detail page (spec 001 §2:
 * "document fields, a files table and a restricted-access table"). Each area adds its own section
 * here, one line each, in this order: the files table (files area), then the restricted access
 * (restricted-groups area). Each section receives the document (id, businessUnitId, version...).
 */
export function DocumentDetailSections({ document }: { document: Document }) {
  const auth = useAuth();
  const canManage = auth.hasRight('DOCUMENT_MANAGE', document.businessUnitId);
  const sections: React.ReactNode[] = [
    <DocumentFilesSection key="files" businessUnitId={document.businessUnitId} documentId={document.id} canManage={canManage} />,
    // restricted access: <DocumentRestrictedAccessSection key="restricted-access" document={document} />,
  ];
  if (sections.length === 0) return null;
  return (
    <Stack gap="lg" mt="xl" maw={1200} data-testid="document-sections" data-document-id={document.id}>
      {sections}
    </Stack>
  );
}
