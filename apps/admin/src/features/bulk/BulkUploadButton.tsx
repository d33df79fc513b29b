import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bulkPaths } from '../../paths/bulk';
import { useAuth } from '../../platform/auth';

/**
 * "Bulk upload" on a product type's products list or the documents list (spec 001 §2), for
 * BULK_IMPORT in the unit: opens the bulk upload page of those products or documents.
 */
export function BulkUploadButton({ businessUnitId, productTypeId }: { businessUnitId: number; productTypeId?: number }) {
  const { t } = useTranslation();
  const auth = useAuth();
  if (!auth.hasRight('BULK_IMPORT', businessUnitId)) return null;
  const to =
    productTypeId === undefined ? bulkPaths.documentUpload(businessUnitId) : bulkPaths.productUpload(businessUnitId, productTypeId);
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconUpload size={16} />} data-testid="bulk-upload-link">
      {t('bulk.upload.action')}
    </Button>
  );
}
