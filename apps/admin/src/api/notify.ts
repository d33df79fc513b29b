import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import type { ApiResponse } from './client';
import { describeError, translateKey } from './errors';

const t = i18n.t.bind(i18n);
/** The close button of a notification, named (its icon alone says nothing to a screen reader). */
const closeButtonProps = () => ({ 'aria-label': t('global.close') });

/** Shows what a failed call means to the user as a red notification (nothing for 401: the session layer handles it). */
export function handleApiError(err: unknown): void {
  const notice = describeError(err, t);
  if (!notice) return;
  const message = notice.messages.join('\n');
  notifications.show({
    color: 'red',
    title: notice.title ?? t('global.messages.error'),
    message,
    autoClose: 8000,
    style: { whiteSpace: 'pre-line' },
    closeButtonProps: closeButtonProps(),
  });
}

/** The success message of a call (x-vellum-alert + x-vellum-params) as a green notification. */
export function notifyAlert(alert: ApiResponse<unknown>['alert']): void {
  if (!alert) return;
  const message = translateKey(t, alert.key, { param: alert.param });
  notifications.show({
    color: 'green',
    message: i18n.exists(alert.key) ? message : t('global.messages.saved'),
    closeButtonProps: closeButtonProps(),
  });
}

/** A plain green notification for success messages set by the caller. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps: closeButtonProps() });
}

/** Whether a mutation result is an api() response carrying a success alert. */
export function alertOf(data: unknown): ApiResponse<unknown>['alert'] {
  if (!data || typeof data !== 'object' || !('alert' in data) || !('headers' in data)) return undefined;
  return (data as ApiResponse<unknown>).alert;
}
