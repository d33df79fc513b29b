import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBox, IconChartBar, IconFileUnknown, IconHistory, IconSend, IconSettings, IconWorld } from '@tabler/icons-react';
import type { AccessRight } from '@vellum/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/QueryState';
import { formatNumber } from '../../i18n/format';
import { documentPaths } from '../../paths/documents';
import { productPaths } from '../../paths/products';
import { publishingPaths } from '../../paths/publishing';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitches } from '../../platform/queries';
import classes from './BusinessUnits.module.css';
import { type BusinessUnitStatistics, useBusinessUnitStatistics } from './businessUnits.hooks';

interface Tile {
  label: string;
  value: number;
  warn?: boolean;
  /** The list the count comes from (document 000 section 2: tiles link to the relevant lists); none while it does not exist. */
  to?: string;
}

/** The business-unit home: the cards of document 000 section 2, from the unit's statistics. */
export function BusinessUnitHomePage() {
  const { t } = useTranslation();
  const { businessUnitId } = useParams();
  const unitId = Number(businessUnitId);
  const auth = useAuth();
  const stats = useBusinessUnitStatistics(unitId);
  const features = useFeatureSwitches();
  const can = (...rights: AccessRight[]) => rights.some((r) => auth.hasRight(r, unitId));

  if (stats.error) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const canProducts = can('PRODUCT_READ', 'PRODUCT_MANAGE');
  const canDocuments = can('DOCUMENT_READ', 'DOCUMENT_MANAGE');
  const showPublish = can('PUBLISH');
  const showDownloads = can('DOCUMENT_DOWNLOADS');

  return (
    <>
      <PageHeader
        title={s ? s.displayName : <Skeleton h={28} w={220} />}
        description={
          s ? (
            <Text span ff="monospace" size="sm">
              {s.slug}
            </Text>
          ) : undefined
        }
        badge={
          s &&
          (s.active ? (
            <Badge color="teal" variant="light">
              {t('businessUnits.status.active')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('businessUnits.status.inactive')}
            </Badge>
          ))
        }
        actions={
          <>
            {showPublish && (
              <Button component={Link} to={publishingPaths.publish(unitId)} leftSection={<IconSend size={16} />}>
                {t('businessUnits.home.publish')}
              </Button>
            )}
            {can('AUDIT_LOG_ALL_READ', 'AUDIT_LOG_PUBLISH_READ') && (
              <Button component={Link} to="administration/audit-logs" variant="default" leftSection={<IconHistory size={16} />}>
                {t('businessUnits.home.auditLogs')}
              </Button>
            )}
            {can('BUSINESS_UNIT_UPDATE') && (
              <Button
                component={Link}
                to={`/general-settings/business-unit/${unitId}/edit`}
                variant="default"
                leftSection={<IconSettings size={16} />}
              >
                {t('businessUnits.home.settings')}
              </Button>
            )}
          </>
        }
      />
      {s && !canProducts && !canDocuments && !showPublish && !showDownloads && configurationTiles(s, t, can, unitId).length === 0 && (
        <Text c="dimmed">{t('businessUnits.home.nothingToShow')}</Text>
      )}
      {!s ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[1, 2].map((i) => (
            <Skeleton key={i} h={150} radius="sm" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {showPublish && (
            <StatCard
              title={t('businessUnits.home.publishStatus')}
              icon={<IconSend size={18} />}
              tiles={publishTiles(
                s,
                t,
                canProducts ? productPaths.unitList(unitId) : undefined,
                canDocuments ? documentPaths.list(unitId) : undefined,
              )}
            />
          )}
          {(canProducts || canDocuments) && (
            <StatCard
              title={t('businessUnits.home.objectCounts')}
              icon={<IconBox size={18} />}
              tiles={[
                ...(canProducts ? [{ label: t('businessUnits.home.products'), value: s.products, to: productPaths.unitList(unitId) }] : []),
                ...(canDocuments ? [{ label: t('businessUnits.home.documents'), value: s.documents, to: documentPaths.list(unitId) }] : []),
                ...(canDocuments ? [{ label: t('businessUnits.home.languageFilesHcp'), value: s.languageFilesHcp }] : []),
                ...(canDocuments && features.patientBusinessUnitSearch
                  ? [{ label: t('businessUnits.home.languageFilesPatient'), value: s.languageFilesPatient }]
                  : []),
              ]}
            />
          )}
          {(canProducts || canDocuments) && (
            <StatCard
              title={t('businessUnits.home.orphans')}
              description={t('businessUnits.home.orphansHint')}
              icon={<IconFileUnknown size={18} />}
              tiles={[
                ...(canProducts
                  ? [
                      {
                        label: t('businessUnits.home.products'),
                        value: s.orphans.products,
                        warn: s.orphans.products > 0,
                        to: `${productPaths.unitList(unitId)}?orphans=true`,
                      },
                      {
                        label: t('businessUnits.home.productGroups'),
                        value: s.orphans.productGroups,
                        warn: s.orphans.productGroups > 0,
                        to: `${productPaths.unitGroups(unitId)}?orphans=true`,
                      },
                    ]
                  : []),
                ...(canDocuments
                  ? [
                      {
                        label: t('businessUnits.home.documents'),
                        value: s.orphans.documents,
                        warn: s.orphans.documents > 0,
                        to: `${documentPaths.list(unitId)}?orphans=true`,
                      },
                    ]
                  : []),
              ]}
            />
          )}
          <StatCard
            title={t('businessUnits.home.configuration')}
            description={t('businessUnits.home.configurationHint')}
            icon={<IconWorld size={18} />}
            tiles={configurationTiles(s, t, can, unitId)}
          />
          {showDownloads && (
            <StatCard
              title={t('businessUnits.home.websiteStatistics')}
              icon={<IconChartBar size={18} />}
              tiles={[
                { label: t('businessUnits.home.totalDownloads'), value: s.downloads.totalDownloads },
                { label: t('businessUnits.home.downloadsThisMonth'), value: s.downloads.totalDownloadsForPeriod },
              ]}
            />
          )}
        </SimpleGrid>
      )}
    </>
  );
}

/** Regions, languages and layout (issue 9): each tile shown to whoever may open its screen, and linked to it. */
function configurationTiles(
  s: BusinessUnitStatistics,
  t: (k: string) => string,
  can: (...rights: AccessRight[]) => boolean,
  unitId: number,
): Tile[] {
  const c = s.configuration;
  const base = `/my-business-units/${unitId}`;
  const tiles: (Tile & { rights: AccessRight[] })[] = [
    {
      label: t('businessUnits.home.interfaceRegions'),
      value: c.interfaceRegions,
      to: `${base}/website-configuration/region`,
      rights: ['INTERFACE_REGION_MANAGE'],
    },
    {
      label: t('businessUnits.home.interfaceLanguages'),
      value: c.interfaceLanguages,
      to: `${base}/website-configuration/language`,
      rights: ['INTERFACE_LANGUAGE_MANAGE'],
    },
    {
      label: t('businessUnits.home.documentRegions'),
      value: c.documentRegions,
      to: `${base}/backend-configuration/region`,
      rights: ['DOCUMENT_REGION_MANAGE'],
    },
    {
      label: t('businessUnits.home.documentLanguages'),
      value: c.documentLanguages,
      to: `${base}/backend-configuration/language-group`,
      rights: ['DOCUMENT_LANGUAGE_MANAGE'],
    },
    {
      label: t('businessUnits.home.languageGroups'),
      value: c.languageGroups,
      to: `${base}/backend-configuration/language-group`,
      rights: ['DOCUMENT_LANGUAGE_MANAGE'],
    },
    {
      label: t('businessUnits.home.footerItems'),
      value: c.footerItems,
      to: `${base}/website-configuration/layout`,
      rights: ['LAYOUT_MANAGE'],
    },
    {
      label: t('businessUnits.home.contentBlocks'),
      value: c.contentBlocks,
      to: `${base}/website-configuration/layout`,
      rights: ['LAYOUT_MANAGE'],
    },
    {
      label: t('businessUnits.home.publicResources'),
      value: c.publicResources,
      to: `${base}/website-configuration/public-resources`,
      rights: ['LAYOUT_MANAGE'],
    },
    {
      label: t('businessUnits.home.publicUserGroups'),
      value: c.publicUserGroups,
      to: `${base}/document-management/restricted-access`,
      rights: ['RESTRICTED_ACCESS_GROUP_MANAGE'],
    },
  ];
  return tiles.filter((tile) => can(...tile.rights)).map(({ rights: _rights, ...tile }) => tile);
}

/** Unpublished and scheduled products and documents, each linked to its list filtered by that state. */
function publishTiles(s: BusinessUnitStatistics, t: (k: string) => string, products?: string, documents?: string): Tile[] {
  const p = s.publishStatus;
  return [
    {
      label: t('businessUnits.home.unpublishedProducts'),
      value: p.productsNoDate,
      warn: p.productsNoDate > 0,
      to: products && `${products}?state=UNPUBLISHED`,
    },
    { label: t('businessUnits.home.scheduledProducts'), value: p.productsFutureDate, to: products && `${products}?state=SCHEDULED` },
    {
      label: t('businessUnits.home.unpublishedDocuments'),
      value: p.filesNoDate,
      warn: p.filesNoDate > 0,
      to: documents && `${documents}?state=UNPUBLISHED`,
    },
    { label: t('businessUnits.home.scheduledDocuments'), value: p.filesFutureDate, to: documents && `${documents}?state=SCHEDULED` },
  ];
}

function StatCard({ title, description, icon, tiles }: { title: string; description?: string; icon: ReactNode; tiles: Tile[] }) {
  const { t } = useTranslation();
  if (tiles.length === 0) return null;
  return (
    <Card withBorder radius="sm" padding="lg" component="section" aria-label={title}>
      <Group gap="xs" mb={description ? 2 : 'md'}>
        {icon}
        <Title order={4} fw={600}>
          {title}
        </Title>
      </Group>
      {description && (
        <Text size="xs" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {tiles.map((tile) => {
          const value = formatNumber(tile.value);
          const link = tile.to ? { component: Link, to: tile.to } : {};
          return (
            <Stack
              key={tile.label}
              gap={0}
              className={classes.tile}
              data-warn={tile.warn || undefined}
              data-link={tile.to ? true : undefined}
              data-testid="stat-tile"
              {...link}
            >
              <Text fz={28} fw={600} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Text>
              {/* the space keeps the number and the label apart in the link's name */}{' '}
              <Text size="sm" c="dimmed">
                {tile.label}
              </Text>
              {/* the card names the count: "8 Products" of the orphans, not of all products */}
              {tile.to && <VisuallyHidden>{t('businessUnits.home.tileLink', { card: title })}</VisuallyHidden>}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
