import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Box, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { type DocumentFile, FileErrorKeys } from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { SwitchField } from '../../components/FormFields';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { documentPaths } from '../../paths/documents';
import { filePaths } from '../../paths/files';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitchesQuery } from '../../platform/queries';
import { useCountries, useRegions, useUnitLanguages } from '../regions-languages';
import { FileBinaryPanel } from './FileBinaryPanel';
import { FileVersionHistory } from './FileVersionHistory';
import { type FileFormValues, fileFormSchema, toFileBody, toFileForm } from './fileForm';
import { useArchiveFile, useDeleteFile, useDocumentLotRanges, useFile, useSaveFile } from './files.hooks';
import { NewFileBinaryField, useNewFileBinary } from './NewFileBinaryField';

const FIELDS = [
  'name',
  'versionLabel',
  'date',
  'validTo',
  'remarks',
  'remarksActive',
  'restOfTheWorld',
  'allLotNumbers',
  'lotRangeIds',
  'historical',
  'countryIds',
  'documentLanguageIds',
] as const;

/** document-management/:documentId/files/new and /:fileId: a file's fields, binary and versions. */
export function FileEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const documentId = Number(params.documentId);
  const id = params.fileId === undefined ? undefined : Number(params.fileId);
  const file = useFile(id);
  if (!(Number.isInteger(documentId) && documentId > 0)) return <NotFoundPage />;
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && file.isPending) return <PageLoader />;
  if (file.error) return <LoadError error={file.error} onRetry={() => void file.refetch()} />;
  if (file.data && (file.data.businessUnitId !== unitId || file.data.documentId !== documentId)) return <NotFoundPage />;
  return <FileForm key={`${location.key}-${file.data?.id ?? 'new'}`} unitId={unitId} documentId={documentId} file={file.data} />;
}

function FileForm({ unitId, documentId, file }: { unitId: number; documentId: number; file?: DocumentFile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight('DOCUMENT_MANAGE', unitId);
  const canDelete = !!file && auth.hasRight('DOCUMENT_DELETE', unitId);
  const can = (right: 'FILE_ROTW' | 'FILE_REMARK_ACTIVATE' | 'FILE_HISTORICAL') => !readOnly && auth.hasRight(right, unitId);
  const worldwide = useFeatureSwitchesQuery().data?.worldWidePublicWebsite === true;
  const backTo = documentPaths.edit(unitId, documentId);
  const form = useForm<FileFormValues>({ resolver: zodResolver(fileFormSchema), defaultValues: toFileForm(file, worldwide) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, file, (f) => toFileForm(f, worldwide));
  const save = useSaveFile();
  const newBinary = useNewFileBinary();
  const remove = useDeleteFile();
  const archive = useArchiveFile();
  const { ask, dialog } = useConfirm();
  const frozen = !!file && file.publishState !== 'UNPUBLISHED';

  const countries = useCountries();
  const regions = useRegions('document', unitId);
  const languages = useUnitLanguages('document', unitId);
  const allLots = form.watch('allLotNumbers');
  const rotw = form.watch('restOfTheWorld');
  const lotRanges = useDocumentLotRanges(documentId);

  // the unit's document regions' countries, grouped by region; every country while it has none
  const countryData = useMemo(() => {
    const names = new Map((countries.data ?? []).map((c) => [c.isoCode, c.name]));
    const label = (code: string) => `${names.get(code) ?? code} (${code})`;
    const own = (regions.data ?? []).filter((r) => r.countryIds.length > 0);
    if (own.length === 0) return (countries.data ?? []).map((c) => ({ value: c.isoCode, label: label(c.isoCode) }));
    const seen = new Set<string>();
    return own.map((r) => ({
      group: r.name,
      items: r.countryIds.filter((c) => !seen.has(c) && seen.add(c)).map((c) => ({ value: c, label: label(c) })),
    }));
  }, [countries.data, regions.data]);
  const languageData = (languages.data ?? []).map((l) => ({ value: l.isoCode, label: `${l.name} (${l.isoCode})` }));
  const lotRangeData = (lotRanges.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${r.name} — ${r.productTypeName}${r.archived ? ` (${t('files.archivedRange')})` : ''}`,
  }));

  const onSubmit = async (values: FileFormValues) => {
    if (!file && newBinary.tooLarge) return;
    const body = toFileBody(documentId, values);
    sync.clearConflict();
    try {
      const res = await save.mutateAsync(file ? { ...body, id: file.id, version: file.version } : body);
      if (file) return;
      // a new file: its binary, if one was chosen, goes up before the file's page opens (the server checks it as any upload)
      await newBinary.uploadTo(res.data.id);
      navigate(filePaths.edit(unitId, documentId, res.data.id), { replace: true });
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: [...FIELDS],
        keys: {
          [FileErrorKeys.versionLabelExists]: 'versionLabel',
          [FileErrorKeys.versionPublished]: 'versionLabel',
          [FileErrorKeys.onlyRestOfTheWorld]: 'restOfTheWorld',
          [FileErrorKeys.lotRangeInvalid]: 'lotRangeIds',
        },
      });
    }
  };

  const onDelete = () => {
    if (!file) return;
    ask({
      title: t('files.delete.title', { name: file.name }),
      message: t('files.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(file);
        navigate(backTo);
      },
    });
  };
  const onArchive = () => {
    if (!file) return;
    const restoring = file.archiveDate !== null;
    ask({
      title: t(restoring ? 'files.restore.title' : 'files.archive.title', { name: file.name }),
      message: t(restoring ? 'files.restore.message' : 'files.archive.message'),
      confirmLabel: t(restoring ? 'files.restore.confirm' : 'files.archive.confirm'),
      color: restoring ? 'blue' : 'orange',
      onConfirm: () =>
        archive.mutateAsync({ id: file.id, archiveDate: restoring ? null : new Date().toISOString(), version: file.version }),
    });
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={960} data-testid="file-form">
        <PageHeader
          title={file ? t('files.editTitle', { name: file.name }) : t('files.createTitle')}
          back={{ to: backTo, label: t('files.back') }}
          actions={
            <Group gap="xs">
              {file && file.archiveDate !== null && <Badge color="orange">{t('files.archived')}</Badge>}
              {file && !readOnly && (
                <Button
                  variant="default"
                  leftSection={file.archiveDate ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                  onClick={onArchive}
                >
                  {t(file.archiveDate ? 'files.restore.action' : 'files.archive.action')}
                </Button>
              )}
              {canDelete && <DeleteButton onClick={onDelete} />}
            </Group>
          }
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('files.sections.general')}>
            <TextInput
              label={t('files.fields.name')}
              required
              maxLength={255}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name)}
            />
            {!file && !readOnly && <NewFileBinaryField binary={newBinary} />}
            <Group grow align="flex-start">
              <TextInput
                label={t('files.fields.versionLabel')}
                required
                maxLength={50}
                readOnly={readOnly || frozen}
                description={frozen ? t('files.frozen') : undefined}
                {...form.register('versionLabel')}
                error={errorText(errors.versionLabel)}
              />
              <TextInput
                type="date"
                label={t('files.fields.date')}
                required
                readOnly={readOnly || frozen}
                {...form.register('date')}
                error={errorText(errors.date)}
              />
              <TextInput
                type="date"
                label={t('files.fields.validTo')}
                readOnly={readOnly}
                {...form.register('validTo')}
                error={errorText(errors.validTo)}
              />
            </Group>
          </FormSection>
          <FormSection title={t('files.sections.audience')} description={t('files.audienceHint')}>
            <SwitchField
              control={form.control}
              name="restOfTheWorld"
              label={t('files.fields.restOfTheWorld')}
              description={worldwide ? t('files.worldwideOnly') : t('files.restOfTheWorldHint')}
              disabled={!can('FILE_ROTW')}
              onToggle={(on) => {
                if (on) form.setValue('countryIds', [], { shouldDirty: true });
                form.clearErrors(['countryIds', 'restOfTheWorld']);
              }}
            />
            {errors.restOfTheWorld && (
              <Text size="sm" c="red" role="alert">
                {errorText(errors.restOfTheWorld)}
              </Text>
            )}
            <Controller
              control={form.control}
              name="countryIds"
              render={({ field }) => (
                <MultiSelect
                  label={t('files.fields.countries')}
                  data={countryData}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  clearable
                  disabled={rotw}
                  readOnly={readOnly}
                  placeholder={rotw ? t('files.restOfTheWorld') : t('files.pickCountries')}
                  error={errorText(errors.countryIds as FieldError | undefined)}
                  nothingFoundMessage={t('files.nothingFound')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="documentLanguageIds"
              render={({ field }) => (
                <MultiSelect
                  label={t('files.fields.languages')}
                  required
                  data={languageData}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  readOnly={readOnly}
                  description={languages.data?.length === 0 ? t('files.noUnitLanguages') : undefined}
                  error={errorText(errors.documentLanguageIds as FieldError | undefined)}
                  nothingFoundMessage={t('files.nothingFound')}
                />
              )}
            />
          </FormSection>
          <FormSection title={t('files.sections.lots')}>
            <SwitchField
              control={form.control}
              name="allLotNumbers"
              label={t('files.fields.allLotNumbers')}
              disabled={readOnly}
              onToggle={() => form.clearErrors('lotRangeIds')}
            />
            {!allLots && (
              <Controller
                control={form.control}
                name="lotRangeIds"
                render={({ field }) => (
                  <MultiSelect
                    label={t('files.fields.lotRanges')}
                    data={lotRangeData}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    searchable
                    readOnly={readOnly}
                    description={lotRanges.data?.length === 0 ? t('files.noLotRanges') : t('files.lotRangesHint')}
                    error={errorText(errors.lotRangeIds as FieldError | undefined)}
                    nothingFoundMessage={t('files.nothingFound')}
                  />
                )}
              />
            )}
          </FormSection>
          <FormSection title={t('files.sections.remarks')}>
            <Textarea
              label={t('files.fields.remarks')}
              rows={3}
              maxLength={4000}
              readOnly={readOnly}
              {...form.register('remarks')}
              error={errorText(errors.remarks)}
            />
            <Group gap="xl">
              <SwitchField
                control={form.control}
                name="remarksActive"
                label={t('files.fields.remarksActive')}
                disabled={!can('FILE_REMARK_ACTIVATE')}
              />
              <SwitchField
                control={form.control}
                name="historical"
                label={t('files.fields.historical')}
                disabled={!can('FILE_HISTORICAL')}
              />
            </Group>
          </FormSection>
          {!readOnly && (
            <FormActions saving={save.isPending || newBinary.progress !== null} disabled={!!file && !isDirty} cancelTo={backTo} />
          )}
        </Stack>
      </Box>
      {file && (
        <Stack gap="lg" mt="xl" maw={960}>
          <FileBinaryPanel file={file} readOnly={readOnly} />
          <FileVersionHistory file={file} readOnly={readOnly} />
        </Stack>
      )}
      {dialog}
    </>
  );
}
