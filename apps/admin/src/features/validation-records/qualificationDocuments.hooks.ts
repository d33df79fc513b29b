import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type QualificationDocument, type QualificationDocumentFields, type RouteAnswer, validationRecordsApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';
import { type UploadOptions, uploadWithProgress } from '../../api/uploadWithProgress';

const KEY = ['qualification-documents'] as const;
/** The server answers the whole (short) list; the table sorts and pages it here. */
const ALL = 2000;

export const useQualificationDocuments = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (await call(validationRecordsApi.qualificationDocuments, { query: { size: ALL } }, { cacheBust: true, signal })).data,
  });

export interface QualificationUpload {
  fields: QualificationDocumentFields;
  file: File;
  signal?: AbortSignal;
  onProgress?: UploadOptions['onProgress'];
}

/** Uploads a document: the fields first, then the file (the server checks the fields before it keeps any byte). */
export function useUploadQualificationDocument() {
  const qc = useQueryClient();
  return useMutation({
    // the answer with its alert header: the query client announces it (vellumApp.qualificationDocument.created)
    mutationFn: ({ fields, file, signal, onProgress }: QualificationUpload) =>
      uploadWithProgress<RouteAnswer<typeof validationRecordsApi.uploadQualificationDocument>>(
        urlOf(validationRecordsApi.uploadQualificationDocument),
        file,
        { fields: { ...fields }, signal, onProgress },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteQualificationDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (doc: Pick<QualificationDocument, 'id'>) =>
      call(validationRecordsApi.deleteQualificationDocument, { params: { id: doc.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Saves a document's PDF: fetched with the token, offered under its name. */
export async function downloadQualificationDocument(doc: Pick<QualificationDocument, 'id' | 'fileName'>): Promise<void> {
  const res = await api<Blob>(urlOf(validationRecordsApi.downloadQualificationDocument, { params: { id: doc.id } }), {
    responseType: 'blob',
  });
  saveBlob(res.data, doc.fileName);
}
