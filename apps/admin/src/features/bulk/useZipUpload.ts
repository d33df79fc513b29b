import { BULK_ZIP_MAX_BYTES, type BulkImportMode, type BulkJob, type BulkOnError, BulkUploadErrorKeys } from '@vellum/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BulkTarget, cancelUpload, completeUpload, requestUploadUrl } from './bulkUpload.hooks';
import { putZip } from './putZip';

/** Why a chosen file cannot be uploaded (a message key of spec 001 §8), or null when it can. */
export function zipProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!file.name.toLowerCase().endsWith('.zip')) return BulkUploadErrorKeys.notAZip;
  if (file.size > BULK_ZIP_MAX_BYTES) return BulkUploadErrorKeys.fileTooLarge;
  return null;
}

export interface ZipUploadOptions {
  mode: BulkImportMode;
  onError: BulkOnError;
}

/** Where an upload is: asking for its address, sending its bytes, queueing it, and how it ended. */
export type ZipUploadState =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'uploading'; id: number; loaded: number; total: number }
  | { phase: 'completing'; id: number }
  | { phase: 'done'; job: BulkJob }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown };

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * The upload of one zip (spec 001 §4): upload-url answers the job and its address, the zip is PUT
 * there with its progress, then upload-complete queues the import. `cancel` aborts the PUT and
 * cancels the job on the server; `onChanged` runs whenever the status table should read again.
 */
export function useZipUpload(target: BulkTarget, onChanged: () => void) {
  const [state, setState] = useState<ZipUploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // leaving the page stops the bytes, and the job is cancelled as with the Cancel button
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File, options: ZipUploadOptions) => {
      const abort = new AbortController();
      controller.current = abort;
      let id: number | null = null;
      setState({ phase: 'requesting' });
      try {
        const answer = await requestUploadUrl({
          entity: target.entity,
          businessUnitId: target.businessUnitId,
          productTypeId: target.entity === 'PRODUCT' ? target.productTypeId : undefined,
          fileName: file.name,
          fileSize: file.size,
          mode: options.mode,
          onError: options.onError,
        });
        id = answer.id;
        onChanged();
        const uploadId = answer.id;
        setState({ phase: 'uploading', id: uploadId, loaded: 0, total: file.size });
        await putZip(
          answer.url,
          answer.headers,
          file,
          (loaded, total) => setState({ phase: 'uploading', id: uploadId, loaded, total }),
          abort.signal,
        );
        setState({ phase: 'completing', id: uploadId });
        const job = await completeUpload(uploadId);
        setState({ phase: 'done', job });
      } catch (error) {
        if (isAbort(error)) {
          // stopped by the user: the job is cancelled too, so nothing of it is applied
          if (id !== null) await cancelUpload(id).catch(() => {});
          setState({ phase: 'cancelled' });
        } else setState({ phase: 'failed', error });
      } finally {
        if (controller.current === abort) controller.current = null;
        onChanged();
      }
    },
    [target, onChanged],
  );

  /** Stops the upload: the PUT is aborted and the job cancelled on the server. */
  const cancel = useCallback(() => controller.current?.abort(), []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, start, cancel, reset };
}
