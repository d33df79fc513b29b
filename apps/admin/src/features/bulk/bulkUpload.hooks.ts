import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BulkEntity,
  type BulkFileFormat,
  type BulkJob,
  type BulkUploadUrlBody,
  bulkTemplateApi,
  bulkUploadApi,
  productTypesApi,
} from '@vellum/contract';
import { useEffect, useRef } from 'react';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';

/** Which upload page: a product type's products or a unit's documents. */
export interface BulkTarget {
  entity: BulkEntity;
  businessUnitId: number;
  /** PRODUCT only. */
  productTypeId?: number;
}

/** While a job is in one of these states the table polls every 2 s (the live progress bar). */
export const RUNNING_STATUSES: readonly BulkJob['status'][] = ['UPLOADED', 'PROCESSING'];
/** A job in one of these states can be cancelled. */
export const CANCELLABLE_STATUSES: readonly BulkJob['status'][] = ['UPLOADING', 'UPLOADED', 'PROCESSING'];
export const POLL_MS = 2000;

const bulkJobKeys = {
  all: ['bulk', 'jobs'] as const,
  list: (target: BulkTarget, page: number, size: number) => ['bulk', 'jobs', 'list', target, page, size] as const,
  errors: (id: number, page: number, size: number) => ['bulk', 'jobs', 'errors', id, page, size] as const,
};

const listQuery = (target: BulkTarget) => ({
  entity: target.entity,
  'business-unit': target.businessUnitId,
  'product-type': target.entity === 'PRODUCT' ? target.productTypeId : undefined,
});

/**
 * GET api/bulk: one page of the unit's uploads (newest first), polled every 2 s while one is queued
 * or processing. When an import that was running ends having applied rows, the catalogue's lists
 * are read again (a list visited before the import must not show its stale page).
 */
export function useBulkJobs(target: BulkTarget, page: number, size: number) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: bulkJobKeys.list(target, page, size),
    queryFn: async ({ signal }) => {
      const res = await call(bulkUploadApi.list, { query: { ...listQuery(target), page, size } }, { signal, cacheBust: true });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
    // the table shows its failure in place (and polling must not repeat a toast every 2 s)
    meta: { silentError: true },
    refetchInterval: (query) => (query.state.data?.rows.some((j) => RUNNING_STATUSES.includes(j.status)) ? POLL_MS : false),
  });
  // the imports already seen finished: the first answer's, then each one as it finishes (however
  // quickly: a small sheet may end before the table ever sees it running)
  const finished = useRef<Set<number> | undefined>(undefined);
  useEffect(() => {
    const rows = query.data?.rows;
    if (!rows) return;
    const done = rows.filter((j) => j.mode === 'IMPORT' && !CANCELLABLE_STATUSES.includes(j.status));
    const seen = finished.current;
    finished.current = new Set([...(seen ?? []), ...done.map((j) => j.id)]);
    const applied = seen !== undefined && done.some((j) => !seen.has(j.id) && j.rowsCreated + j.rowsUpdated + j.rowsRemoved > 0);
    if (applied) {
      for (const key of ['products', 'product-types', 'product-groups', 'documents', 'business-units'])
        void qc.invalidateQueries({ queryKey: [key] });
    }
  }, [query.data, qc]);
  return query;
}

/** GET api/bulk/{id}/errors: one page of a checked upload's errors, by row then column. */
export function useBulkJobErrors(id: number | undefined, page: number, size: number) {
  return useQuery({
    queryKey: bulkJobKeys.errors(id ?? -1, page, size),
    queryFn: async ({ signal }) => {
      const res = await call(bulkUploadApi.errors, { params: { id: id! }, query: { page, size } }, { signal });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** POST api/bulk/{id}/cancel: nothing of the job is applied. */
export function useCancelBulkJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(bulkUploadApi.cancel, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: bulkJobKeys.all }),
  });
}

/** Refreshes the status table (after an upload started, finished or was cancelled). */
export function useRefreshBulkJobs() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: bulkJobKeys.all });
}

/** The product type of a products' upload page (its name, and that it belongs to the unit of the address). */
export function useBulkProductType(id: number | undefined) {
  return useQuery({
    queryKey: ['bulk', 'product-type', id ?? -1],
    queryFn: async () => (await call(productTypesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
    meta: { silentError: true },
  });
}

/** POST api/bulk/upload-url: the job (UPLOADING) and where to PUT the zip. */
export const requestUploadUrl = (body: BulkUploadUrlBody) => call(bulkUploadApi.uploadUrl, { body }).then((r) => r.data);

/** POST api/bulk/upload-complete/{id}: queues the import of the uploaded zip. */
export const completeUpload = (id: number) => call(bulkUploadApi.uploadComplete, { params: { id } }).then((r) => r.data);

/** POST api/bulk/{id}/cancel, for an upload the user stopped while its bytes were still on the way. */
export const cancelUpload = (id: number) => call(bulkUploadApi.cancel, { params: { id } }).then((r) => r.data);

const EXTENSIONS: Record<BulkFileFormat, string> = { TXT: 'txt', XLS: 'xls', ODS: 'ods' };

/** GET api/bulk/template: the sheet to fill, downloaded signed in. */
export async function downloadTemplate(target: BulkTarget, format: BulkFileFormat): Promise<void> {
  const url = urlOf(bulkTemplateApi.template, { query: { ...listQuery(target), 'file-format': format } });
  const res = await api<Blob>(url, { responseType: 'blob' });
  saveBlob(res.data, `${target.entity === 'PRODUCT' ? 'products' : 'documents'}-template.${EXTENSIONS[format]}`);
}

/** GET api/bulk/{id}/rejected-rows: the rejected rows (with an Error column) in the uploaded sheet's format. */
/** The uploaded zip of an import (GET api/bulk/{id}/zip), saved under its own name. */
export async function downloadUploadedZip(job: Pick<BulkJob, 'id' | 'fileName'>): Promise<void> {
  const res = await api<Blob>(urlOf(bulkUploadApi.zip, { params: { id: job.id } }), { responseType: 'blob' });
  saveBlob(res.data, /\.zip$/i.test(job.fileName) ? job.fileName : `${job.fileName || 'import'}.zip`);
}

export async function downloadRejectedRows(job: Pick<BulkJob, 'id' | 'fileName' | 'fileFormat'>): Promise<void> {
  const res = await api<Blob>(urlOf(bulkUploadApi.rejectedRows, { params: { id: job.id } }), { responseType: 'blob' });
  const base = job.fileName.replace(/\.zip$/i, '');
  saveBlob(res.data, `${base}-rejected.${EXTENSIONS[job.fileFormat ?? 'TXT']}`);
}
