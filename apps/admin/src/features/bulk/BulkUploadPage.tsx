import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { documentPaths } from '../../paths/documents';
import { productPaths } from '../../paths/products';
import { useBusinessUnit } from '../business-units';
import { BulkJobTable } from './BulkJobTable';
import { useBulkActive } from './bulk.hooks';
import { type BulkTarget, useBulkProductType, useRefreshBulkJobs } from './bulkUpload.hooks';
import { TemplateDownload } from './TemplateDownload';
import { ZipUploadForm } from './ZipUploadForm';

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /my-business-units/:businessUnitId/product-types/:productTypeId/bulk-upload: the bulk upload of a product type's products. */
export function ProductBulkUploadPage() {
  const { t } = useTranslation();
  const params = useParams();
  const unitId = idOf(params.businessUnitId);
  const typeId = idOf(params.productTypeId);
  const type = useBulkProductType(unitId === undefined ? undefined : typeId);
  if (unitId === undefined || typeId === undefined) return <NotFoundPage />;
  if (type.isPending) return <PageLoader />;
  if (type.error) return <LoadError error={type.error} onRetry={() => void type.refetch()} />;
  // a product type of another business unit is not found here
  if (type.data.businessUnitId !== unitId) return <NotFoundPage />;
  return (
    <BulkUploadPage
      target={{ entity: 'PRODUCT', businessUnitId: unitId, productTypeId: typeId }}
      title={t('bulk.page.titleProducts', { type: type.data.name })}
      back={{ to: productPaths.list(unitId, typeId), label: t('bulk.page.backProducts', { type: type.data.name }) }}
    />
  );
}

/** /my-business-units/:businessUnitId/document-management/bulk-upload: the bulk upload of a unit's documents. */
export function DocumentBulkUploadPage() {
  const { t } = useTranslation();
  const unitId = idOf(useParams().businessUnitId);
  if (unitId === undefined) return <NotFoundPage />;
  return (
    <BulkUploadPage
      target={{ entity: 'DOCUMENT', businessUnitId: unitId }}
      title={t('bulk.page.titleDocuments')}
      back={{ to: documentPaths.list(unitId), label: t('bulk.page.backDocuments') }}
    />
  );
}

/**
 * The bulk upload page (spec 001 §2: "download a template, add a .ZIP, see a status table and
 * logs"): the template, the upload (refused while bulk uploads are switched off), the status table.
 */
function BulkUploadPage({ target, title, back }: { target: BulkTarget; title: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const unit = useBusinessUnit(target.businessUnitId);
  const active = useBulkActive();
  const refresh = useRefreshBulkJobs();
  return (
    <>
      <PageHeader
        title={title}
        description={t(target.entity === 'PRODUCT' ? 'bulk.page.descriptionProducts' : 'bulk.page.descriptionDocuments')}
        back={back}
      />
      <Stack gap="lg">
        <TemplateDownload target={target} />
        <ZipUploadForm
          target={target}
          importType={unit.data?.bulkImportType}
          // until the switch is read, nothing can be sent; a failed read leaves the server to refuse
          active={active.isError ? true : active.data?.active}
          onChanged={() => void refresh()}
        />
        <Stack gap="xs" component="section" aria-labelledby="bulk-jobs-title">
          <Title order={2} size="h4" id="bulk-jobs-title">
            {t('bulk.jobs.title')}
          </Title>
          <BulkJobTable target={target} />
        </Stack>
      </Stack>
    </>
  );
}
