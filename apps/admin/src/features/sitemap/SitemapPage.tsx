import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import type { SitemapEntry } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { handleApiError } from '../../api/notify';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { useTableState } from '../../components/tableState';
import { Barcode } from './Barcode';
import { entryTitle, SitemapLabels } from './SitemapLabels';
import { downloadEudamedCsv, useSitemap } from './sitemap.hooks';

const VIEWS = ['list', 'labels'] as const;
type View = (typeof VIEWS)[number];

/**
 * administration → sitemap (decision 0043): the products and documents of the unit's live
 * publication with the URL a label prints (the GS1 Digital Link of a GTIN, persistent for EUDAMED),
 * a QR code and a GS1 DataMatrix each, a label sheet to print, and the EUDAMED export.
 */
export function SitemapPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'labels' ? 'labels' : 'list';
  const state = useTableState({ defaultSize: 20 });
  const list = useSitemap({ businessUnitId: unitId, page: state.page, size: state.size, search: state.search });
  const [exporting, setExporting] = useState(false);

  const setView = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'labels') next.set('view', 'labels');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadEudamedCsv(unitId);
    } catch (error) {
      handleApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<SitemapEntry>[] = [
    {
      key: 'entry',
      header: t('sitemap.fields.entry'),
      render: (e) => (
        <Stack gap={2}>
          <Group gap={6}>
            <Badge size="xs" variant="light" color={e.kind === 'PRODUCT' ? 'blue' : 'grape'}>
              {t(`sitemap.kind.${e.kind}`)}
            </Badge>
            <Text size="sm" fw={500}>
              {entryTitle(e)}
            </Text>
          </Group>
        </Stack>
      ),
    },
    { key: 'udiDi', header: t('sitemap.fields.udiDi'), render: (e) => e.udiDi ?? '—' },
    {
      key: 'url',
      header: t('sitemap.fields.url'),
      render: (e) =>
        e.url ? (
          <Stack gap={2}>
            <Anchor href={e.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {e.url}
            </Anchor>
            {e.persistent && (
              <Text size="xs" c="dimmed">
                {t(e.elementString ? 'sitemap.persistent' : 'sitemap.persistentProduct')}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('sitemap.noUrl')}
          </Text>
        ),
    },
    {
      key: 'codes',
      header: t('sitemap.fields.codes'),
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          {e.url && <Barcode kind="qrcode" value={e.url} label={t('sitemap.qrOf', { url: e.url })} size={72} />}
          {e.elementString && (
            <Barcode kind="gs1datamatrix" value={e.elementString} label={t('sitemap.dataMatrixOf', { code: e.elementString })} size={72} />
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('sitemap.title')}
        description={t('sitemap.description')}
        actions={
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting} onClick={() => void exportCsv()}>
            {t('sitemap.eudamedCsv')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group justify="space-between">
          <SegmentedControl
            aria-label={t('sitemap.view')}
            value={view}
            onChange={setView}
            data={VIEWS.map((v) => ({ value: v, label: t(`sitemap.views.${v}`) }))}
          />
          {view === 'labels' && (
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t('sitemap.print')}
            </Button>
          )}
        </Group>
        {view === 'labels' && (
          <>
            <Text size="sm" c="dimmed">
              {t('sitemap.labels.hint')}
            </Text>
            {list.data && <SitemapLabels entries={list.data.rows} />}
          </>
        )}
        <DataTable
          label={t('sitemap.title')}
          columns={columns}
          {...listTableProps(list)}
          rowKey={(e) => `${e.kind}-${e.id}`}
          state={state}
          searchable
          searchLabel={t('sitemap.search')}
          emptyMessage={state.search ? t('sitemap.emptySearch') : t('sitemap.empty')}
        />
      </Stack>
    </>
  );
}
