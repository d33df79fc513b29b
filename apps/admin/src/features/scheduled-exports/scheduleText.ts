import type { ScheduledExport } from '@vellum/contract';
import type { TFunction } from 'i18next';

/** An hour of the day as `06:00`. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Weekly on Wednesday at 06:00 Europe/Brussels". */
export function scheduleText(
  t: TFunction,
  s: Pick<ScheduledExport, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour' | 'timeZone'>,
): string {
  const day = s.frequency === 'WEEKLY' ? t(`scheduledExports.days.${s.dayOfWeek ?? 1}`) : String(s.dayOfMonth ?? '');
  return t(`scheduledExports.schedule.${s.frequency}`, { hour: hourText(s.hour), day, zone: s.timeZone });
}

/** What a schedule exports: its product type's name, or the unit's documents. */
export const whatText = (t: TFunction, s: Pick<ScheduledExport, 'entity' | 'productTypeName'>): string =>
  s.entity === 'DOCUMENT' ? t('scheduledExports.documents') : (s.productTypeName ?? '');
