import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate, formatMonth, formatNumber, languageName } from '../../i18n/format';
import type { DocumentDownloadStats } from './websiteStats.hooks';

/** A day (YYYY-MM-DD) or a month (YYYY-MM) of the chart over time, as the admin writes dates. */
const periodLabel = (period: string, bucket: DocumentDownloadStats['bucket']) =>
  bucket === 'month' ? formatMonth(period) : formatDate(period);

/** Bars beyond these are summed into "Other" (a chart of 60 countries says nothing). */
const MAX_BARS = 10;
const AUDIENCE_COLORS: Record<string, string> = { HCP: 'blue.7', PATIENT: 'teal.7' };
/**
 * The drawings are for the eye: hidden from screen readers (the table beside each says the same),
 * so nothing in them may take the focus either (recharts makes its surface and a pie focusable).
 * Counts are whole numbers: no axis tick between them.
 */
const NOT_FOCUSABLE = { accessibilityLayer: false, tabIndex: -1 } as const;
const WHOLE = { allowDecimals: false } as const;

interface Row {
  label: string;
  count: number;
}

function topRows(rows: Row[], other: string): Row[] {
  if (rows.length <= MAX_BARS) return rows;
  const rest = rows.slice(MAX_BARS - 1).reduce((s, r) => s + r.count, 0);
  return [...rows.slice(0, MAX_BARS - 1), { label: other, count: rest }];
}

/**
 * One chart with its title; the numbers it draws are also a table for screen readers (the drawing
 * itself is hidden from them).
 */
function ChartCard({ id, title, rows, children, span }: { id: string; title: string; rows: Row[]; children: ReactNode; span?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={id} style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Title order={3} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('websiteStats.charts.value')}</Table.Th>
              <Table.Th>{t('websiteStats.charts.downloads')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}

function Bars({ rows, label }: { rows: Row[]; label: string }) {
  return (
    <BarChart
      h={Math.max(120, rows.length * 34)}
      data={rows}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'count', label, color: 'blue.7' }]}
      yAxisProps={{ width: 160 }}
      xAxisProps={WHOLE}
      barChartProps={NOT_FOCUSABLE}
      gridAxis="none"
      withBarValueLabel
    />
  );
}

/** The statistics of a range as charts: over time, and by country, language, audience, product type and document. */
export function DownloadCharts({ stats }: { stats: DocumentDownloadStats }) {
  const { t } = useTranslation();
  const downloads = t('websiteStats.charts.downloads');
  const other = t('websiteStats.charts.other');
  const time: Row[] = stats.overTime.map((p) => ({ label: periodLabel(p.period, stats.bucket), count: p.count }));
  const countries = topRows(
    stats.byCountry.map((c) => ({ label: countryName(c.key), count: c.count })),
    other,
  );
  const languages = topRows(
    stats.byLanguage.map((c) => ({ label: languageName(c.key), count: c.count })),
    other,
  );
  const audiences = stats.byAudience.map((a) => ({ label: t(`websiteStats.audience.${a.key}`, a.key), count: a.count, key: a.key }));
  const audienceData = audiences.map((a) => ({ name: a.label, value: a.count, color: AUDIENCE_COLORS[a.key] ?? 'gray.6' }));
  const types = topRows(
    stats.byProductType.map((p) => ({ label: p.name, count: p.count })),
    other,
  );
  const documents = stats.byDocument.map((d) => ({ label: d.number ? `${d.number} ${d.name}` : d.name, count: d.count }));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="lg">
      <ChartCard
        id="downloads-over-time"
        span
        title={stats.bucket === 'month' ? t('websiteStats.charts.perMonth') : t('websiteStats.charts.perDay')}
        rows={time}
      >
        <AreaChart
          h={240}
          data={time}
          dataKey="label"
          series={[{ name: 'count', label: downloads, color: 'blue.7' }]}
          curveType="linear"
          withDots={time.length <= 31}
          gridAxis="y"
          yAxisProps={WHOLE}
          areaChartProps={NOT_FOCUSABLE}
        />
      </ChartCard>
      <ChartCard id="downloads-by-country" title={t('websiteStats.charts.byCountry')} rows={countries}>
        <Bars rows={countries} label={downloads} />
      </ChartCard>
      <ChartCard id="downloads-by-language" title={t('websiteStats.charts.byLanguage')} rows={languages}>
        <Bars rows={languages} label={downloads} />
      </ChartCard>
      <ChartCard id="downloads-by-audience" title={t('websiteStats.charts.byAudience')} rows={audiences}>
        <DonutChart
          h={200}
          data={audienceData}
          withLabelsLine
          withLabels
          withTooltip
          chartLabel={formatNumber(stats.total)}
          pieChartProps={NOT_FOCUSABLE}
          pieProps={{ rootTabIndex: -1 }}
        />
        <Group gap="md" justify="center" mt="xs" data-testid="audience-legend">
          {audienceData.map((a) => (
            <Group key={a.name} gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${a.color.replace('.', '-')})`} size={12} withShadow={false} />
              <Text size="sm">
                {a.name}: {formatNumber(a.value)}
              </Text>
            </Group>
          ))}
        </Group>
      </ChartCard>
      <ChartCard id="downloads-by-product-type" title={t('websiteStats.charts.byProductType')} rows={types}>
        <Bars rows={types} label={downloads} />
      </ChartCard>
      <ChartCard id="downloads-by-document" span title={t('websiteStats.charts.byDocument', { count: documents.length })} rows={documents}>
        <Bars rows={documents} label={downloads} />
      </ChartCard>
    </SimpleGrid>
  );
}
