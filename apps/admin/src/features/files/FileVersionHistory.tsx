import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { type DocumentFile, FileErrorKeys } from '@vellum/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { PublishStateBadge } from '../../components/PublishStateBadge';
import { formatDate } from '../../i18n/format';
import { binaryUrl } from './binaryUrl';
import { formatBytes } from './fileForm';
import { downloadBinary, useAddVersion } from './files.hooks';

const versionSchema = z
  .object({
    versionLabel: z.string().trim().min(1, 'NotBlank').max(50, 'Size'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'NotNull'),
    validTo: z.string(),
  })
  .refine((v) => !v.validTo || v.validTo >= v.date, { path: ['validTo'], error: FileErrorKeys.validToBeforeDate });
type VersionValues = z.input<typeof versionSchema>;

/** Every version of the file, newest first, each with its dates, state and binary; 'Add version'. */
export function FileVersionHistory({ file, readOnly }: { file: DocumentFile; readOnly: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const needsBinary = file.binary === null;
  return (
    <FormSection title={t('files.versions.title')} description={t('files.versions.description')}>
      <Table striped withTableBorder aria-label={t('files.versions.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('files.fields.versionLabel')}</Table.Th>
            <Table.Th>{t('files.fields.date')}</Table.Th>
            <Table.Th>{t('files.fields.validTo')}</Table.Th>
            <Table.Th>{t('files.fields.publishState')}</Table.Th>
            <Table.Th>{t('files.fields.binary')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('components.dataTable.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                <Text fw={v.id === file.currentVersionId ? 600 : 400}>
                  {v.versionLabel}
                  {v.id === file.currentVersionId && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {t('files.versions.current')}
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(v.date)}</Table.Td>
              <Table.Td>{v.validTo ? formatDate(v.validTo) : '—'}</Table.Td>
              <Table.Td>
                <PublishStateBadge publishDate={v.publishDate} state={v.publishState} />
              </Table.Td>
              <Table.Td>{v.binary ? `${v.binary.name} (${formatBytes(v.binary.size)})` : t('files.binary.noneShort')}</Table.Td>
              <Table.Td>
                {v.binary && (
                  <Tooltip label={t('files.binary.download')} openDelay={1000}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('files.versions.download', { version: v.versionLabel })}
                      onClick={() => void downloadBinary(binaryUrl(file.id, v.id), v.binary?.name ?? 'file')}
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={needsBinary}>
            {t('files.versions.add')}
          </Button>
          {needsBinary && (
            <Text size="sm" c="dimmed">
              {t('error.file.binaryRequired')}
            </Text>
          )}
        </Group>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('files.versions.addTitle', { name: file.name })}>
        {adding && <AddVersionForm file={file} onDone={() => setAdding(false)} />}
      </Modal>
    </FormSection>
  );
}

function AddVersionForm({ file, onDone }: { file: DocumentFile; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useAddVersion(file.id);
  const form = useForm<VersionValues>({
    resolver: zodResolver(versionSchema),
    defaultValues: { versionLabel: '', date: new Date().toISOString().slice(0, 10), validTo: '' },
  });
  const { errors } = form.formState;
  const onSubmit = async (v: VersionValues) => {
    try {
      await add.mutateAsync({ versionLabel: v.versionLabel.trim(), date: v.date, validTo: v.validTo || null });
      onDone();
    } catch (e) {
      applyServerErrors(e, form.setError, {
        fields: ['versionLabel', 'date', 'validTo'],
        keys: { [FileErrorKeys.versionLabelExists]: 'versionLabel', [FileErrorKeys.binaryRequired]: 'versionLabel' },
      });
    }
  };
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('files.fields.versionLabel')}
          required
          data-autofocus
          maxLength={50}
          {...form.register('versionLabel')}
          error={errorText(errors.versionLabel)}
        />
        <TextInput type="date" label={t('files.fields.date')} required {...form.register('date')} error={errorText(errors.date)} />
        <TextInput type="date" label={t('files.fields.validTo')} {...form.register('validTo')} error={errorText(errors.validTo)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('components.confirm.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('files.versions.addConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
