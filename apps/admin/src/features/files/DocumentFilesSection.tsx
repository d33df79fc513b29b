import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/QueryState';
import { countryName, formatDate, formatDateTime, languageNames } from '../../i18n/format';
import { filePaths } from '../../paths/files';
import { FileStateBadge } from './FileStateBadge';
import { useDocumentFiles } from './files.hooks';

/**
 * The files of a document (for its detail page): name, current version, date, countries,
 * languages, publish state, binary and archive state, each linking to the file; 'Add file' for
 * those who may manage documents.
 */
export function DocumentFilesSection({
  businessUnitId,
  documentId,
  canManage,
}: {
  businessUnitId: number;
  documentId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const files = useDocumentFiles(documentId);
  return (
    <section aria-labelledby={`document-files-${documentId}`}>
      <Group justify="space-between" mb="sm">
        <Text component="h2" id={`document-files-${documentId}`} fw={600} size="lg">
          {t('files.section.title')}
        </Text>
        {canManage && (
          <Button component={Link} to={filePaths.create(businessUnitId, documentId)} leftSection={<IconPlus size={16} />} size="sm">
            {t('files.section.add')}
          </Button>
        )}
      </Group>
      {files.error ? (
        <LoadError error={files.error} onRetry={() => void files.refetch()} />
      ) : files.isPending ? (
        <Text c="dimmed">{t('files.section.loading')}</Text>
      ) : files.data.length === 0 ? (
        <Text c="dimmed">{t('files.section.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover withTableBorder aria-label={t('files.section.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('files.fields.name')}</Table.Th>
                <Table.Th>{t('files.fields.versionLabel')}</Table.Th>
                <Table.Th>{t('files.fields.date')}</Table.Th>
                <Table.Th>{t('files.fields.countries')}</Table.Th>
                <Table.Th>{t('files.fields.languages')}</Table.Th>
                <Table.Th>{t('files.fields.publishState')}</Table.Th>
                <Table.Th>{t('files.fields.binary')}</Table.Th>
                <Table.Th>{t('files.fields.archived')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Anchor component={Link} to={filePaths.edit(businessUnitId, documentId, f.id)} fw={500}>
                      {f.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{f.versionLabel}</Table.Td>
                  <Table.Td>{formatDate(f.date)}</Table.Td>
                  <Table.Td>{f.restOfTheWorld ? t('files.restOfTheWorld') : f.countryIds.map(countryName).join(', ')}</Table.Td>
                  <Table.Td>{languageNames(f.documentLanguageIds)}</Table.Td>
                  <Table.Td>
                    <FileStateBadge archived={f.archived} publishDate={f.publishDate} publishState={f.publishState} />
                  </Table.Td>
                  <Table.Td>{f.binary ? t('files.yes') : t('files.no')}</Table.Td>
                  {/* an archive date still to come is when the file leaves the public website by itself */}
                  <Table.Td>
                    {f.archived
                      ? formatDateTime(f.archiveDate)
                      : f.archiveDate
                        ? t('files.state.archivesOn', { date: formatDateTime(f.archiveDate) })
                        : t('files.no')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
