import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentFile,
  type FileArchiveBody,
  type FileCreateBody,
  type FileUpdateBody,
  type FileVersionCreateBody,
  filesApi,
} from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { ApiError, api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';
import { uploadWithProgress } from '../../api/uploadWithProgress';

export const fileKeys = {
  all: ['files'] as const,
  ofDocument: (documentId: number) => ['files', 'document', documentId] as const,
  one: (id: number) => ['files', id] as const,
  archived: (businessUnitId: number) => ['files', 'archived', businessUnitId] as const,
  lotRanges: (documentId: number) => ['files', 'lot-ranges', documentId] as const,
};

/** The files of a document, by name, each with its versions. */
export function useDocumentFiles(documentId: number) {
  return useQuery({
    queryKey: fileKeys.ofDocument(documentId),
    queryFn: async ({ signal }) => (await call(filesApi.list, { query: { document: documentId } }, { cacheBust: true, signal })).data,
    enabled: Number.isInteger(documentId),
    meta: { silentError: true },
  });
}

export function useFile(id: number | undefined) {
  return useQuery({
    queryKey: fileKeys.one(id ?? -1),
    queryFn: async () => (await call(filesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

/** The lot ranges a file of the document may be tied to. */
export function useDocumentLotRanges(documentId: number, enabled = true) {
  return useQuery({
    queryKey: fileKeys.lotRanges(documentId),
    queryFn: async ({ signal }) => (await call(filesApi.lotRanges, { query: { document: documentId } }, { signal })).data,
    enabled: enabled && Number.isInteger(documentId),
  });
}

export function useArchivedFiles(businessUnitId: number) {
  return useQuery({
    queryKey: fileKeys.archived(businessUnitId),
    queryFn: async ({ signal }) =>
      (await call(filesApi.archived, { query: { 'business-unit': businessUnitId } }, { cacheBust: true, signal })).data,
    enabled: Number.isInteger(businessUnitId),
  });
}

/** Every answer that is a file becomes the file shown; the lists that hold it are read again. */
function useFileMutation<V>(call: (vars: V) => Promise<{ data: DocumentFile }>, idOf?: (vars: V) => number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (res) => {
      qc.setQueryData(fileKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: fileKeys.ofDocument(res.data.documentId) });
      await qc.invalidateQueries({ queryKey: ['files', 'archived'] });
    },
    onError: (err, vars) => {
      const id = idOf?.(vars);
      if (err instanceof ApiError && err.status === 409 && id) void qc.invalidateQueries({ queryKey: fileKeys.one(id) });
    },
  });
}

export const useSaveFile = () =>
  useFileMutation(
    (body: FileCreateBody | FileUpdateBody) =>
      'id' in body && body.id ? call(filesApi.update, { body }) : call(filesApi.create, { body: body as FileCreateBody }),
    (body) => ('id' in body ? (body.id ?? undefined) : undefined),
  );

export const useAddVersion = (fileId: number) =>
  useFileMutation((body: FileVersionCreateBody) => call(filesApi.addVersion, { params: { id: fileId }, body }));

export const useArchiveFile = () =>
  useFileMutation(
    ({ id, ...body }: FileArchiveBody & { id: number }) => call(filesApi.archive, { params: { id }, body }),
    (v) => v.id,
  );

export const useDeleteBinary = (fileId: number) =>
  useFileMutation((versionId: number | undefined) =>
    call(filesApi.deleteBinary, { params: { id: fileId }, query: { 'file-version': versionId } }),
  );

/** Uploads a binary with its progress; `signal` cancels it. A file just created names itself in `fileId`. */
export const useUploadBinary = (fileId?: number) =>
  useFileMutation(
    (v: { fileId?: number; file: File; versionId?: number; onProgress: (loaded: number, total: number) => void; signal: AbortSignal }) =>
      uploadWithProgress<DocumentFile>(urlOf(filesApi.uploadBinary, { params: { id: (v.fileId ?? fileId)! } }), v.file, {
        query: { 'file-version': v.versionId },
        onProgress: v.onProgress,
        signal: v.signal,
      }),
  );

export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: DocumentFile) => call(filesApi.delete, { params: { id: file.id } }),
    onSuccess: async (_res, file) => {
      qc.removeQueries({ queryKey: fileKeys.one(file.id) });
      await qc.invalidateQueries({ queryKey: fileKeys.ofDocument(file.documentId) });
    },
  });
}

/** Downloads a binary with the token (a plain link cannot send it) and hands it to the browser. */
export async function downloadBinary(url: string, fileName: string): Promise<void> {
  const res = await api<Blob>(url, { responseType: 'blob' });
  saveBlob(res.data, fileName);
}
