import type { ScheduledExport, ScheduledExportFields } from '@vellum/contract';

/** The form's values: the contract's fields (one schema for the server and the form, `scheduledExportFields`). */
export type ScheduleFormValues = ScheduledExportFields;

export const toScheduleForm = (businessUnitId: number, s?: ScheduledExport): ScheduleFormValues => ({
  businessUnitId,
  entity: 'PRODUCT',
  // the select starts empty for a new schedule; the schema asks for one
  productTypeId: s?.productTypeId ?? (undefined as unknown as number),
  fileFormat: s?.fileFormat ?? 'TXT',
  frequency: s?.frequency ?? 'DAILY',
  dayOfWeek: s?.dayOfWeek ?? null,
  dayOfMonth: s?.dayOfMonth ?? null,
  hour: s?.hour ?? 6,
  recipients: s?.recipients ?? [],
  active: s?.active ?? true,
});
