import { Alert, Badge, Button, Checkbox, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileImport } from '@tabler/icons-react';
import { CONFIG_PARTS, type ConfigImportPreview, type ConfigPart, type ConfigPartDiff } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { PageLoader } from '../../components/QueryState';
import { formatDateTime } from '../../i18n/format';
import { downloadConfiguration, useApplyImport, usePreviewImport } from './configExport.hooks';

/** Whether a part has anything to apply. */
const hasChanges = (p: ConfigPartDiff) => p.added.length + p.changed.length > 0;

/**
 * general-settings → config-export (spec 000 §2; issue 24, decision 0078): the manufacturer's
 * configuration downloaded as one versioned zip, and such a zip from another instance compared with
 * this one part by part and the chosen parts applied in one transaction.
 */
export function ConfigExportPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader title={t('configExport.title')} description={t('configExport.description')} />
      <ExportSection />
      <ImportSection />
    </Stack>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const notice = error ? describeError(error, t) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="config-export-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="config-export-heading">
          {t('configExport.export.title')}
        </Title>
        <Text size="sm">{t('configExport.export.help')}</Text>
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await downloadConfiguration();
              } catch (err) {
                setError(err);
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('configExport.export.button')}
          </Button>
        </Group>
        {notice && <ProblemAlert title={notice.title}>{notice.messages.join(' ')}</ProblemAlert>}
      </Stack>
    </Paper>
  );
}

function ImportSection() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<ConfigPart[]>([]);
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const failure = preview.error ?? apply.error;
  const notice = failure ? describeError(failure, t) : null;

  const choose = (next: File | null) => {
    setFile(next);
    apply.reset();
    preview.reset();
    setChosen([]);
    if (next)
      preview.mutate(next, {
        onSuccess: (result) => setChosen(result.parts.filter(hasChanges).map((p) => p.part)),
      });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="config-import-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="config-import-heading">
          {t('configExport.import.title')}
        </Title>
        <Text size="sm">{t('configExport.import.help')}</Text>
        <FileInput
          label={t('configExport.import.file')}
          placeholder={t('configExport.import.placeholder')}
          // the placeholder is text of the page here (not an input's ::placeholder): readable like other secondary text
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept="application/zip,.zip"
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': t('configExport.import.clear') }}
          leftSection={<IconFileImport size={16} aria-hidden />}
          maw={480}
        />
        {preview.isPending && <PageLoader />}
        {notice && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} />}
            title={notice.title ?? t('configExport.import.failed')}
          >
            {notice.messages.join(' ')}
          </Alert>
        )}
        {apply.data ? (
          <Applied result={apply.data} />
        ) : (
          preview.data &&
          file && (
            <>
              <Differences preview={preview.data} chosen={chosen} onChange={setChosen} />
              <Group>
                <Button onClick={() => setConfirming(true)} disabled={chosen.length === 0} loading={apply.isPending}>
                  {t('configExport.import.apply')}
                </Button>
              </Group>
              <ConfirmDialog
                opened={confirming}
                title={t('configExport.import.confirmTitle')}
                message={t('configExport.import.confirmMessage', {
                  parts: chosen.map((p) => t(`configExport.parts.${p}`)).join(', '),
                })}
                confirmLabel={t('configExport.import.apply')}
                color="blue"
                requireCode={false}
                onClose={() => setConfirming(false)}
                onConfirm={async () => {
                  await apply.mutateAsync({ file, parts: chosen }).catch(() => {});
                  setConfirming(false);
                }}
              />
            </>
          )
        )}
      </Stack>
    </Paper>
  );
}

function Differences({
  preview,
  chosen,
  onChange,
}: {
  preview: ConfigImportPreview;
  chosen: ConfigPart[];
  onChange: (parts: ConfigPart[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (part: ConfigPart, on: boolean) => onChange(CONFIG_PARTS.filter((p) => (p === part ? on : chosen.includes(p))));
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('configExport.import.source', {
          exportedAt: formatDateTime(preview.exportedAt),
          version: preview.softwareVersion,
        })}
      </Text>
      <Table withTableBorder striped data-testid="config-differences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('configExport.import.part')}</Table.Th>
            <Table.Th>{t('configExport.diff.added')}</Table.Th>
            <Table.Th>{t('configExport.diff.changed')}</Table.Th>
            <Table.Th>{t('configExport.diff.unchanged')}</Table.Th>
            <Table.Th>{t('configExport.diff.onlyHere')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.parts.map((p) => (
            <Table.Tr key={p.part} data-part={p.part}>
              <Table.Td>
                <Checkbox
                  label={t(`configExport.parts.${p.part}`)}
                  checked={chosen.includes(p.part)}
                  disabled={!hasChanges(p)}
                  onChange={(e) => toggle(p.part, e.currentTarget.checked)}
                />
                {!hasChanges(p) && (
                  <Badge variant="light" color="gray" mt={4}>
                    {t('configExport.diff.nothingToApply')}
                  </Badge>
                )}
              </Table.Td>
              <Names names={p.added} />
              <Names names={p.changed} />
              <Table.Td>{p.unchanged.length}</Table.Td>
              <Names names={p.onlyHere} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** At most this many names of a cell are written out; the rest are counted. */
const NAMES_SHOWN = 20;

function Names({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return <Table.Td>–</Table.Td>;
  const rest = names.length - NAMES_SHOWN;
  return (
    <Table.Td>
      {names.slice(0, NAMES_SHOWN).join(', ')}
      {rest > 0 && ` ${t('configExport.diff.more', { count: rest })}`}
    </Table.Td>
  );
}

function Applied({ result }: { result: ConfigImportPreview }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
      <Stack gap={2}>
        <Text size="sm" fw={700}>
          {t('configExport.import.applied')}
        </Text>
        {result.parts.map((p) => (
          <Text size="sm" key={p.part}>
            {t('configExport.import.appliedPart', {
              part: t(`configExport.parts.${p.part}`),
              added: p.added.length,
              changed: p.changed.length,
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
