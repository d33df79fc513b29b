import { Code, Group, Loader, Modal, Pagination, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { BulkJob } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../components/ProblemAlert';
import { formatNumber } from '../../i18n/format';
import { rowErrorMessage } from './bulkFormat';
import { useBulkJobErrors } from './bulkUpload.hooks';

const ERRORS_PAGE = 50;

/** A job's log and its errors by row and column (paged), with the spec's messages. */
export function BulkJobErrorsDialog({ job, onClose }: { job: BulkJob | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title={job ? t('bulk.errors.title', { name: job.fileName }) : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      {job && <JobLogAndErrors job={job} />}
    </Modal>
  );
}

function JobLogAndErrors({ job }: { job: BulkJob }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const errors = useBulkJobErrors(job.id, page, ERRORS_PAGE);
  const total = errors.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ERRORS_PAGE));
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('bulk.errors.log')}
        </Title>
        {job.log ? (
          <ScrollArea.Autosize mah={200} type="auto">
            <Code block data-testid="bulk-job-log">
              {job.log}
            </Code>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed">
            {t('bulk.errors.noLog')}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('bulk.errors.errors', { count: total })}
        </Title>
        {errors.isPending ? (
          <Loader size="sm" aria-label={t('global.loading')} />
        ) : errors.error ? (
          <ProblemAlert>{t('bulk.errors.loadFailed')}</ProblemAlert>
        ) : total === 0 ? (
          <Text size="sm" c="dimmed">
            {t('bulk.errors.none')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={500}>
              <Table verticalSpacing="xs" aria-label={t('bulk.errors.table')} aria-busy={errors.isPlaceholderData}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>{t('bulk.errors.row')}</Table.Th>
                    <Table.Th>{t('bulk.errors.column')}</Table.Th>
                    <Table.Th>{t('bulk.errors.message')}</Table.Th>
                    <Table.Th>{t('bulk.errors.value')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {errors.data?.rows.map((e, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors in one column
                    <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                      <Table.Td>{formatNumber(e.row)}</Table.Td>
                      <Table.Td>{e.column ?? '—'}</Table.Td>
                      <Table.Td>{rowErrorMessage(e, t)}</Table.Td>
                      <Table.Td>
                        {e.value === null ? (
                          '—'
                        ) : (
                          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                            {e.value}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="flex-end">
                <Pagination
                  size="sm"
                  total={pages}
                  value={page + 1}
                  onChange={(p) => setPage(p - 1)}
                  getControlProps={(control) => ({ 'aria-label': t(`components.dataTable.${control}`) })}
                  getItemProps={(p) => ({ 'aria-label': t('components.dataTable.goToPage', { page: p }) })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
