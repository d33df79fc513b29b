import '@mantine/dates/styles.css';
import { Alert, Button, Group, List, Paper, Progress, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconClockPlay, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type PublishChanges, PublishErrorKeys, type PublishFiles, type PublishProducts } from '@vellum/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { describeError, errorKey } from '../../api/errors';
import { notifySuccess } from '../../api/notify';
import { ConfirmDialog, confirmationSkipped } from '../../components/ConfirmDialog';
import { ProblemAlert } from '../../components/ProblemAlert';
import { DATE_TIME_INPUT_FORMAT, formatDateTime } from '../../i18n/format';
import { PreviewButton } from './PreviewButton';
import { publishingKeys, usePublish, usePublishState } from './publishing.hooks';
import { sitePartNames } from './SiteChangesList';

/** The picker's 'YYYY-MM-DD HH:mm:ss' (local time) as an ISO instant. */
export function pickerToIso(value: string | null): string | null {
  if (!value) return null;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

/** Who started the running publish and when, from the publish state or the 409 answer's params. */
interface RunningPublish {
  user: string | null;
  start: string;
}

function runningFromConflict(error: unknown): RunningPublish | null {
  if (!(error instanceof ApiError) || error.status !== 409 || errorKey(error) !== PublishErrorKeys.alreadyRunning) return null;
  const p = error.appParams ?? {};
  const epoch = typeof p.startDateEpoch === 'number' ? p.startDateEpoch : undefined;
  const start = epoch !== undefined ? new Date(epoch).toISOString() : typeof p.startDate === 'string' ? p.startDate : '';
  return { user: typeof p.user === 'string' ? p.user : null, start };
}

/**
 * The options of a publish (include future-dated items, a custom date), the publish button with its
 * confirmation, the progress while it runs, and the banner while another publish of the unit runs.
 */
export function PublishPanel({
  businessUnitId,
  ready,
  products,
  files,
  changes,
}: {
  businessUnitId: number;
  ready: boolean;
  products: PublishProducts | undefined;
  files: PublishFiles | undefined;
  changes: PublishChanges | undefined;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [includeFuture, setIncludeFuture] = useState(false);
  const [customDate, setCustomDate] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const publish = usePublish(businessUnitId);
  const state = usePublishState(businessUnitId);

  const customIso = pickerToIso(customDate);
  const dateInPast = customIso !== null && new Date(customIso) < startOfToday();

  // another user's publish ended: what it changed shows, and its 'already running' answer goes
  const wasRunning = useRef(false);
  const running = state.data?.running === true;
  useEffect(() => {
    if (wasRunning.current && !running) {
      if (runningFromConflict(publish.error)) publish.reset();
      void qc.invalidateQueries({ queryKey: publishingKeys.unit(businessUnitId) });
    }
    wasRunning.current = running;
  }, [running, publish, qc, businessUnitId]);

  const conflict = runningFromConflict(publish.error);
  const other: RunningPublish | null = publish.isPending
    ? null
    : (conflict ??
      (running && state.data
        ? { user: state.data.user ?? null, start: state.data.startDateEpoch ? new Date(state.data.startDateEpoch).toISOString() : '' }
        : null));
  const failure = publish.error && !conflict ? describeError(publish.error, t) : null;

  const run = () => {
    setConfirming(false);
    publish.mutate(
      { businessUnitId, includeFuture, customDate: customIso },
      {
        onSuccess: (res) => {
          // the server's success header is announced by the query client; say it here when it sends none
          if (!res.alert && res.data && typeof res.data === 'object' && 'number' in res.data) {
            notifySuccess(t('publishing.publish.succeeded', { number: res.data.number }));
          }
        },
      },
    );
  };
  const disabled = !ready || dateInPast || publish.isPending || other !== null;

  return (
    <Stack component="section" aria-labelledby="publish-options" gap="sm">
      <Title order={3} id="publish-options" fw={600}>
        {t('publishing.options.title')}
      </Title>
      <Paper withBorder radius="sm" p="md">
        <Stack gap="md">
          <Switch
            label={t('publishing.options.includeFuture')}
            description={t('publishing.options.includeFutureHint')}
            checked={includeFuture}
            onChange={(e) => setIncludeFuture(e.currentTarget.checked)}
            disabled={publish.isPending}
          />
          <DateTimePicker
            label={t('publishing.options.customDate')}
            description={t('publishing.options.customDateHint')}
            value={customDate}
            onChange={(v) => setCustomDate(v)}
            minDate={startOfToday()}
            // weekends in the default red fail the contrast check, and a publish date has no weekend rule
            weekendDays={[]}
            clearable
            clearButtonProps={{ 'aria-label': t('publishing.options.customDateClear') }}
            valueFormat={DATE_TIME_INPUT_FORMAT}
            ariaLabels={{
              nextMonth: t('publishing.options.picker.nextMonth'),
              previousMonth: t('publishing.options.picker.previousMonth'),
              nextYear: t('publishing.options.picker.nextYear'),
              previousYear: t('publishing.options.picker.previousYear'),
              nextDecade: t('publishing.options.picker.nextDecade'),
              previousDecade: t('publishing.options.picker.previousDecade'),
            }}
            submitButtonProps={{ 'aria-label': t('publishing.options.picker.submit') }}
            timePickerProps={{
              'aria-label': t('publishing.options.picker.time'),
              hoursInputLabel: t('publishing.options.picker.hours'),
              minutesInputLabel: t('publishing.options.picker.minutes'),
            }}
            error={dateInPast ? t('publishing.options.customDateInPast') : undefined}
            disabled={publish.isPending}
            maw={360}
          />
        </Stack>
      </Paper>
      {other && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconClockPlay size={18} />}
          title={t('publishing.publish.alreadyRunning')}
          role="status"
        >
          {other.user
            ? t('publishing.publish.alreadyRunningText', { user: other.user, startDate: formatDateTime(other.start) })
            : t('publishing.publish.alreadyRunningUnknown', { startDate: formatDateTime(other.start) })}
        </Alert>
      )}
      {failure && (
        <ProblemAlert title={t('publishing.publish.failed')}>
          {failure.messages.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </ProblemAlert>
      )}
      {publish.isPending && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress value={100} striped animated aria-label={t('publishing.publish.running')} />
          <Text size="sm">{t('publishing.publish.running')}</Text>
        </Stack>
      )}
      <Group>
        <Tooltip label={t('publishing.publish.disabledNotReady')} disabled={ready} openDelay={300}>
          {/* a disabled button gets no pointer events: the tooltip sits on its wrapper */}
          <span>
            <Button
              leftSection={<IconSend size={16} />}
              disabled={disabled}
              loading={publish.isPending}
              data-testid="publish-button"
              onClick={() => (confirmationSkipped() ? run() : setConfirming(true))}
            >
              {t('publishing.publish.button')}
            </Button>
          </span>
        </Tooltip>
        <PreviewButton businessUnitId={businessUnitId} />
        {!ready && (
          <Text size="sm" c="dimmed">
            {t('publishing.publish.disabledNotReady')}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('publishing.preview.hint')}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('publishing.publish.confirmTitle')}
        color="blue"
        confirmLabel={t('publishing.publish.confirmLabel')}
        message={t('publishing.publish.summaryIntro')}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        <PublishSummary includeFuture={includeFuture} customDate={customIso} products={products} files={files} changes={changes} />
      </ConfirmDialog>
    </Stack>
  );
}

/** What the publish will stamp, with which date, what happens to the scheduled items, and which parts of the website change. */
function PublishSummary({
  includeFuture,
  customDate,
  products,
  files,
  changes,
}: {
  includeFuture: boolean;
  customDate: string | null;
  products: PublishProducts | undefined;
  files: PublishFiles | undefined;
  changes: PublishChanges | undefined;
}) {
  const { t } = useTranslation();
  const n = (key: string, count: number) => t(`publishing.n.${key}`, { count });
  const unpublished = {
    products: n('unpublishedProducts', products?.products.unpublished ?? 0),
    files: n('unpublishedFiles', files?.files.unpublished ?? 0),
  };
  const scheduled = {
    products: n('scheduledProducts', products?.products.scheduled ?? 0),
    files: n('scheduledFiles', files?.files.scheduled ?? 0),
  };
  return (
    <List size="sm" spacing={2} data-testid="publish-summary">
      <List.Item>
        {customDate
          ? t('publishing.publish.summaryStampDate', { ...unpublished, date: formatDateTime(customDate) })
          : t('publishing.publish.summaryStampNow', unpublished)}
      </List.Item>
      <List.Item>
        {includeFuture ? t('publishing.publish.summaryIncludeFuture', scheduled) : t('publishing.publish.summaryKeepFuture', scheduled)}
      </List.Item>
      {changes && changes.site.length > 0 && (
        <List.Item>{t('publishing.publish.summarySite', { parts: sitePartNames(t, changes.site) })}</List.Item>
      )}
      <List.Item>{t('publishing.publish.summaryPublication')}</List.Item>
    </List>
  );
}
