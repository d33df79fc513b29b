import { call } from '../../api/call';
import { firstLoadRoutes } from '../../api/firstLoadRoutes';
import { handleApiError } from '../../api/notify';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitches } from '../../platform/queries';

/**
 * Administration → validation records (spec 000 §2, §7; decision 0077): asks the server for the
 * records page's one-time address and opens it in a new tab. The tab is opened within the click,
 * before the call, so that no pop-up blocker stops it; it is closed again when the call fails.
 */
export async function openValidationRecords(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    // the shell's first load carries no zod schema: the route by reference (decision 0054)
    const { data } = await call(firstLoadRoutes.validationRecords);
    const address = new URL(data.redirectUrl, window.location.origin);
    address.searchParams.set('id-token', data.token);
    if (tab) {
      tab.opener = null;
      tab.location.href = address.toString();
    } else window.open(address.toString(), '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    handleApiError(err);
  }
}

/** Whether the user sees the validation records: the feature is on and they hold VALIDATION_RECORDS_MANAGE (global). */
export function useCanOpenValidationRecords(): boolean {
  const auth = useAuth();
  const features = useFeatureSwitches();
  return features.validationRecordsActive && auth.hasRight('VALIDATION_RECORDS_MANAGE');
}
