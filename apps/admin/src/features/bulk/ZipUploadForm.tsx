import { Alert, Button, Checkbox, FileInput, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileZip, IconUpload } from '@tabler/icons-react';
import type { BulkOnError, BusinessUnit } from '@vellum/contract';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/errors';
import { UploadProgress } from '../../components/UploadProgress';
import { formatBytes } from './bulkFormat';
import type { BulkTarget } from './bulkUpload.hooks';
import { PutZipError } from './putZip';
import { useZipUpload, type ZipUploadState, zipProblem } from './useZipUpload';

/** The unit setting that decides what an import does with what its sheet leaves out. */
type BulkImportType = BusinessUnit['bulkImportType'];

/**
 * Step 2: one .zip (at most 2 GB, checked before anything is sent), "check only" and what a
 * rejected row does, the unit's import type (REPLACE removes what the sheet leaves out), then the
 * upload with its progress and cancel. Switched off while bulk uploads are disabled.
 */
export function ZipUploadForm({
  target,
  importType,
  active,
  onChanged,
}: {
  target: BulkTarget;
  importType: BulkImportType | undefined;
  /** Whether bulk uploads are switched on (undefined while it is being read). */
  active: boolean | undefined;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [checkOnly, setCheckOnly] = useState(false);
  const [onError, setOnError] = useState<BulkOnError>('ALL_OR_NOTHING');
  const [dragging, setDragging] = useState(false);
  const upload = useZipUpload(target, onChanged);
  const problem = file ? zipProblem(file) : null;
  const busy = ['requesting', 'uploading', 'completing'].includes(upload.state.phase);
  const disabled = active !== true || busy;

  const choose = (f: File | null) => {
    setFile(f);
    upload.reset();
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = e.dataTransfer.files;
    if (dropped.length > 0) choose(dropped[0] ?? null);
  };
  const submit = () => {
    if (!file || problem || disabled) return;
    void upload.start(file, { mode: checkOnly ? 'CHECK' : 'IMPORT', onError });
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="bulk-upload-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="bulk-upload-title">
            {t('bulk.upload.title')}
          </Title>
          {active === false && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="bulk-uploads-disabled">
              {t('error.bulk.uploadsDisabled')}
            </Alert>
          )}
          <Paper
            withBorder
            p="lg"
            radius="sm"
            data-testid="bulk-dropzone"
            data-dragging={dragging || undefined}
            bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
            style={{ borderStyle: 'dashed' }}
            onDragOver={(e) => {
              e.preventDefault();
              if (!disabled) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <Stack gap="xs" align="center">
              <IconFileZip size={32} aria-hidden />
              <Text size="sm">{t('bulk.upload.drop')}</Text>
              <FileInput
                label={t('bulk.upload.file')}
                placeholder={t('bulk.upload.choose')}
                // the placeholder is text of the page here (not an input's ::placeholder): readable like other secondary text
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                accept=".zip,application/zip,application/x-zip-compressed"
                value={file}
                onChange={choose}
                clearable
                clearButtonProps={{ 'aria-label': t('bulk.upload.clear') }}
                disabled={disabled}
                error={problem ? t(problem) : undefined}
                w="100%"
                maw={480}
                data-testid="bulk-file"
              />
              {file && !problem && (
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              )}
            </Stack>
          </Paper>
          <Checkbox
            label={t('bulk.upload.checkOnly')}
            description={t('bulk.upload.checkOnlyHint')}
            checked={checkOnly}
            onChange={(e) => setCheckOnly(e.currentTarget.checked)}
            disabled={disabled}
          />
          <Radio.Group label={t('bulk.upload.onError')} value={onError} onChange={(v) => setOnError(v as BulkOnError)}>
            <Stack gap="xs" mt="xs">
              <Radio value="ALL_OR_NOTHING" label={t('bulk.upload.onErrorOptions.ALL_OR_NOTHING')} disabled={disabled} />
              <Radio value="VALID_ROWS" label={t('bulk.upload.onErrorOptions.VALID_ROWS')} disabled={disabled} />
            </Stack>
          </Radio.Group>
          <ImportTypeNotice entity={target.entity} importType={importType} />
          <Group>
            <Button
              type="submit"
              leftSection={<IconUpload size={16} />}
              disabled={!file || !!problem || disabled}
              loading={busy}
              data-testid="bulk-upload-submit"
            >
              {t(checkOnly ? 'bulk.upload.submitCheck' : 'bulk.upload.submit')}
            </Button>
          </Group>
          <UploadOutcome state={upload.state} onCancel={upload.cancel} />
        </Stack>
      </form>
    </Paper>
  );
}

/** The unit's import type (its settings): ADD keeps what the sheet leaves out, REPLACE removes it. */
function ImportTypeNotice({ entity, importType }: { entity: BulkTarget['entity']; importType: BulkImportType | undefined }) {
  const { t } = useTranslation();
  if (!importType) return null;
  const scope = entity === 'PRODUCT' ? 'Products' : 'Documents';
  return importType === 'REPLACE' ? (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('bulk.upload.importType.REPLACE')}
      data-testid="bulk-import-type"
    >
      {t(`bulk.upload.importType.replaceWarning${scope}`)}
    </Alert>
  ) : (
    <Text size="sm" data-testid="bulk-import-type">
      <strong>{t('bulk.upload.importType.ADD')}</strong> {t(`bulk.upload.importType.addHint${scope}`)}
    </Text>
  );
}

/** The upload in progress (bytes, percent, cancel) or how it ended. */
function UploadOutcome({ state, onCancel }: { state: ZipUploadState; onCancel: () => void }) {
  const { t } = useTranslation();
  switch (state.phase) {
    case 'idle':
      return null;
    case 'requesting':
      return <Text size="sm">{t('bulk.upload.requesting')}</Text>;
    case 'uploading':
      return (
        <Stack gap={4} data-testid="bulk-upload-progress">
          <Text size="sm" aria-live="polite">
            {t('bulk.upload.sent', { loaded: formatBytes(state.loaded), total: formatBytes(state.total) })}
          </Text>
          <UploadProgress loaded={state.loaded} total={state.total} onCancel={onCancel} />
        </Stack>
      );
    case 'completing':
      return <Text size="sm">{t('bulk.upload.completing')}</Text>;
    case 'done':
      return (
        <Alert color="green" variant="light" role="status" data-testid="bulk-upload-done">
          {t(state.job.mode === 'CHECK' ? 'bulk.upload.queuedCheck' : 'bulk.upload.queued', { name: state.job.fileName })}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="gray" variant="light" role="status">
          {t('bulk.upload.cancelled')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert" title={t('bulk.upload.failed')} data-testid="bulk-upload-failed">
          {failureText(state.error, t)}
        </Alert>
      );
  }
}

function failureText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (error instanceof PutZipError) return error.key ? t(error.key, { defaultValue: error.key }) : t('bulk.upload.putFailed');
  return (describeError(error, t)?.messages ?? []).join(' ');
}
