import type { ScheduledExport } from '@vellum/contract';
import type { TFunction } from 'i18next';

/** An hour of the day as `06:00`. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Weekly on Wednesday at 06:00 UTC". */
export function scheduleText(t: TFunction, s: Pick<ScheduledExport, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour'>): string {
  const day = s.frequency === 'WEEKLY' ? t(`scheduledExports.days.${s.dayOfWeek ?? 1}`) : String(s.dayOfMonth ?? '');
  return t(`scheduledExports.schedule.${s.frequency}`, { hour: hourText(s.hour), day });
}
