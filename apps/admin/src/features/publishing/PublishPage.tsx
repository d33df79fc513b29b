import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../platform/auth';
import { PublicationHistory } from './PublicationHistory';
import { PublishChangesSection } from './PublishChangesSection';
import { PublishCountsSection } from './PublishCountsSection';
import { PublishPanel } from './PublishPanel';
import { usePublishChanges, usePublishCounts, useReadiness } from './publishing.hooks';
import { ReadinessSection } from './ReadinessSection';

/**
 * The publish page of a business unit (spec 001 §2): with PUBLISH the readiness checks, what a
 * publish now changes against the live publication (decision 0051), the counts and lists by state, the options, the publish button and the history with its
 * restore; with only AUDIT_LOG_PUBLISH_READ the history, read-only (decision 0037: the history is
 * readable with that right; readiness, counts, publish and restore need PUBLISH).
 */
export function PublishPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const auth = useAuth();
  const canPublish = auth.hasRight('PUBLISH', unitId);
  const canPreview = canPublish || auth.hasRight('DOCUMENT_READ', unitId);
  const readiness = useReadiness(unitId, canPublish);
  const changes = usePublishChanges(unitId, canPublish);
  // the same queries as the counts section: the confirmation's summary reads them from the cache
  const products = usePublishCounts(unitId, 'products', canPublish);
  const files = usePublishCounts(unitId, 'files', canPublish);

  if (!canPublish) {
    return (
      <>
        <PageHeader title={t('publishing.historyTitle')} description={t('publishing.historyDescription')} />
        <PublicationHistory businessUnitId={unitId} canRestore={false} canPreview={canPreview} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('publishing.title')} description={t('publishing.description')} />
      <Stack gap="xl">
        <ReadinessSection
          readiness={readiness.data}
          error={readiness.error}
          loading={readiness.isPending}
          onRetry={() => void readiness.refetch()}
        />
        <PublishChangesSection
          changes={changes.data}
          error={changes.error}
          loading={changes.isPending}
          onRetry={() => void changes.refetch()}
        />
        <PublishCountsSection businessUnitId={unitId} />
        <PublishPanel
          businessUnitId={unitId}
          ready={readiness.data?.ready === true}
          products={products.data}
          files={files.data}
          changes={changes.data}
        />
        <Divider />
        <PublicationHistory businessUnitId={unitId} canRestore canPreview />
      </Stack>
    </>
  );
}
