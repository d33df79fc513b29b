import { isTimeZone, SCHEDULED_EXPORT_DEFAULT_TIME_ZONE, type ScheduledExport, type ScheduledExportFields } from '@vellum/contract';

/** The form's values: the contract's fields (one schema for the server and the form, `scheduledExportFields`). */
export type ScheduleFormValues = ScheduledExportFields;

/** The browser's time zone, offered for a new schedule when it is one the contract accepts; else UTC. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : SCHEDULED_EXPORT_DEFAULT_TIME_ZONE;
}

export const toScheduleForm = (businessUnitId: number, s?: ScheduledExport): ScheduleFormValues => ({
  businessUnitId,
  entity: s?.entity ?? 'PRODUCT',
  // the select starts empty for a new schedule; the schema asks for one for products
  productTypeId: s?.productTypeId ?? null,
  fileFormat: s?.fileFormat ?? 'TXT',
  frequency: s?.frequency ?? 'DAILY',
  dayOfWeek: s?.dayOfWeek ?? null,
  dayOfMonth: s?.dayOfMonth ?? null,
  hour: s?.hour ?? 6,
  timeZone: s?.timeZone ?? browserTimeZone(),
  recipients: s?.recipients ?? [],
  active: s?.active ?? true,
});
