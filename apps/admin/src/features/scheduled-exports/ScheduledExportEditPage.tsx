import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Group, NativeSelect, Stack, TagsInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import {
  BULK_FILE_FORMATS,
  SCHEDULED_EXPORT_DEFAULT_TIME_ZONE,
  SCHEDULED_EXPORT_ENTITIES,
  SCHEDULED_EXPORT_FREQUENCIES,
  SCHEDULED_EXPORT_MONTH_DAY_MAX,
  SCHEDULED_EXPORT_RECIPIENTS_MAX,
  type ScheduledExport,
  ScheduledExportErrorKeys,
  type ScheduledExportFields,
  scheduledExportFields,
} from '@vellum/contract';
import { memo } from 'react';
import type { FieldError } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useConfirm } from '../../components/ConfirmDialog';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { SwitchField } from '../../components/FormFields';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { formatDateTimeIn } from '../../i18n/format';
import { scheduledExportPaths } from '../../paths/scheduledExports';
import { useProductTypes } from '../product-types';
import { useDeleteScheduledExport, useRunScheduledExport, useSaveScheduledExport, useScheduledExport } from './scheduledExports.hooks';
import { type ScheduleFormValues, toScheduleForm } from './scheduleForm';
import { hourText, whatText } from './scheduleText';

type Output = z.output<typeof scheduledExportFields>;

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: SCHEDULED_EXPORT_MONTH_DAY_MAX }, (_, i) => i + 1);
let zoneOptions: string[] | undefined;
/** The IANA time zones the contract accepts (`Intl.supportedValuesOf`), UTC first. */
const timeZones = () => {
  zoneOptions ??= [SCHEDULED_EXPORT_DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zoneOptions;
};

/** administration/scheduled-exports/new and /:scheduleId. */
export function ScheduledExportEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const id = params.scheduleId === undefined ? undefined : Number(params.scheduleId);
  const schedule = useScheduledExport(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && schedule.isPending) return <PageLoader />;
  if (schedule.error) return <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />;
  if (schedule.data && schedule.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <ScheduleForm key={location.key} unitId={unitId} schedule={schedule.data} />;
}

/** The time zone's select: its 400-odd options are rendered again only when its own value or error changes. */
const TimeZoneSelect = memo(function TimeZoneSelect(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('scheduledExports.form.timeZone')}
      description={t('scheduledExports.form.timeZoneHint')}
      maw={320}
      data={timeZones()}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
});

/** The first message of a list field's errors: the list's own, else its first entry's, naming the entry. */
function firstError(error: FieldError | undefined, values: readonly string[]): { error?: FieldError; value?: string } {
  if (!error) return {};
  if (error.message) return { error };
  const entries = error as unknown as Record<string, FieldError | undefined>;
  const index = Object.keys(entries).find((k) => /^\d+$/.test(k) && entries[k]?.message);
  return index === undefined ? { error } : { error: entries[index], value: values[Number(index)] };
}

function ScheduleForm({ unitId, schedule }: { unitId: number; schedule?: ScheduledExport }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const listPath = scheduledExportPaths.list(unitId);
  const types = useProductTypes(unitId);
  const form = useForm<ScheduleFormValues, unknown, Output>({
    resolver: zodResolver(scheduledExportFields),
    defaultValues: toScheduleForm(unitId, schedule),
  });
  const { isDirty, isSubmitting } = form.formState;
  const frequency = form.watch('frequency');
  const entity = form.watch('entity');
  const save = useSaveScheduledExport();
  const remove = useDeleteScheduledExport();
  const runNow = useRunScheduledExport();
  const { ask, dialog } = useConfirm();

  const onSubmit = async (values: Output) => {
    try {
      await save.mutateAsync(schedule ? { ...values, id: schedule.id, version: schedule.version } : values);
      navigate(listPath);
    } catch (e) {
      applyServerErrors(e, form.setError, {
        fields: [
          'entity',
          'productTypeId',
          'fileFormat',
          'frequency',
          'dayOfWeek',
          'dayOfMonth',
          'hour',
          'timeZone',
          'recipients',
          'active',
        ],
        keys: {
          [ScheduledExportErrorKeys.exists]: 'productTypeId',
          [ScheduledExportErrorKeys.productTypeUnitMismatch]: 'productTypeId',
        },
      });
    }
  };

  const onDelete = () => {
    if (!schedule) return;
    ask({
      title: t('scheduledExports.delete.title'),
      message: t('scheduledExports.delete.message', { name: whatText(t, schedule) }),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(schedule.id);
        navigate(listPath);
      },
    });
  };

  const numberSelect = (name: 'hour' | 'dayOfWeek' | 'dayOfMonth', label: string, options: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NativeSelect
          label={label}
          required
          maw={320}
          data={options}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          onBlur={field.onBlur}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={800} data-testid="scheduled-export-form">
        <PageHeader
          title={schedule ? t('scheduledExports.form.editTitle') : t('scheduledExports.form.createTitle')}
          description={t('scheduledExports.description')}
          back={{ to: listPath, label: t('scheduledExports.title') }}
          actions={
            schedule && (
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={runNow.isPending}
                  disabled={isDirty}
                  title={isDirty ? t('scheduledExports.form.runNowSaveFirst') : undefined}
                  onClick={() => runNow.mutate(schedule.id)}
                >
                  {t('scheduledExports.form.runNow')}
                </Button>
                <DeleteButton onClick={onDelete} />
              </Group>
            )
          }
        />
        <Stack gap="lg">
          <FormSection title={t('scheduledExports.form.what')}>
            <Controller
              control={form.control}
              name="entity"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label={t('scheduledExports.form.entity')}
                  maw={480}
                  data={SCHEDULED_EXPORT_ENTITIES.map((e) => ({ value: e, label: t(`scheduledExports.form.entities.${e}`) }))}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            {entity !== 'DOCUMENT' && (
              <Controller
                control={form.control}
                name="productTypeId"
                render={({ field, fieldState }) => (
                  <NativeSelect
                    label={t('scheduledExports.form.productType')}
                    required
                    maw={480}
                    data={[
                      { value: '', label: t('scheduledExports.form.choose') },
                      ...(types.data ?? []).map((pt) => ({ value: String(pt.id), label: pt.name })),
                    ]}
                    value={field.value === undefined || field.value === null ? '' : String(field.value)}
                    onChange={(e) => field.onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
                    onBlur={field.onBlur}
                    error={
                      fieldState.error && (field.value === undefined || field.value === null)
                        ? t('components.validation.NotNull')
                        : errorText(fieldState.error)
                    }
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="fileFormat"
              render={({ field }) => (
                <NativeSelect
                  label={t('scheduledExports.form.format')}
                  maw={320}
                  data={BULK_FILE_FORMATS.map((f) => ({ value: f, label: t(`scheduledExports.formats.${f}`) }))}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                />
              )}
            />
          </FormSection>
          <FormSection title={t('scheduledExports.form.when')}>
            <Controller
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <NativeSelect
                  label={t('scheduledExports.form.frequency')}
                  maw={320}
                  data={SCHEDULED_EXPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`scheduledExports.frequencies.${f}`) }))}
                  value={field.value}
                  onChange={(e) => {
                    const next = e.currentTarget.value as ScheduledExportFields['frequency'];
                    field.onChange(next);
                    // the day the frequency needs appears with a first value
                    if (next === 'WEEKLY' && form.getValues('dayOfWeek') == null) form.setValue('dayOfWeek', 1);
                    if (next === 'MONTHLY' && form.getValues('dayOfMonth') == null) form.setValue('dayOfMonth', 1);
                  }}
                />
              )}
            />
            <Group align="flex-start">
              {frequency === 'WEEKLY' &&
                numberSelect(
                  'dayOfWeek',
                  t('scheduledExports.form.dayOfWeek'),
                  WEEK_DAYS.map((d) => ({ value: String(d), label: t(`scheduledExports.days.${d}`) })),
                )}
              {frequency === 'MONTHLY' &&
                numberSelect(
                  'dayOfMonth',
                  t('scheduledExports.form.dayOfMonth'),
                  MONTH_DAYS.map((d) => ({ value: String(d), label: String(d) })),
                )}
              {numberSelect(
                'hour',
                t('scheduledExports.form.hour'),
                HOURS.map((h) => ({ value: String(h), label: hourText(h) })),
              )}
            </Group>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <TimeZoneSelect
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            {schedule?.nextRunAt && schedule.active && (
              <Box fz="sm" c="dimmed">
                {t('scheduledExports.form.nextRun', { when: formatDateTimeIn(schedule.nextRunAt, schedule.timeZone) })}
              </Box>
            )}
          </FormSection>
          <FormSection title={t('scheduledExports.form.who')}>
            <Controller
              control={form.control}
              name="recipients"
              render={({ field, fieldState }) => {
                const shown = firstError(fieldState.error, field.value ?? []);
                const text = errorText(shown.error, {
                  Duplicate: 'scheduledExports.form.duplicate',
                  Pattern: 'components.validation.email',
                });
                return (
                  <TagsInput
                    label={t('scheduledExports.form.recipients')}
                    description={t('scheduledExports.form.recipientsHint', { max: SCHEDULED_EXPORT_RECIPIENTS_MAX })}
                    required
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    splitChars={[',', ';', ' ']}
                    acceptValueOnBlur
                    clearable
                    maxTags={SCHEDULED_EXPORT_RECIPIENTS_MAX}
                    error={text && shown.value ? `${shown.value}: ${text}` : text}
                  />
                );
              }}
            />
            <SwitchField control={form.control} name="active" label={t('scheduledExports.form.active')} />
          </FormSection>
          <FormActions saving={isSubmitting || save.isPending} disabled={!isDirty} cancelTo={listPath} />
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
