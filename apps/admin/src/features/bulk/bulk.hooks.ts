import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BulkFileFormat, bulkApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';

const activeKey = ['bulk', 'active'] as const;

/**
 * GET api/bulk/export: queues an export of a product type's products (with its product type) or of
 * the unit's documents (without); the answer's alert says a mail will follow.
 */
export function useRequestExport() {
  return useMutation({
    mutationFn: (input: { businessUnitId: number; productTypeId?: number; format: BulkFileFormat }) =>
      call(bulkApi.export, {
        query: {
          entity: input.productTypeId === undefined ? 'DOCUMENT' : 'PRODUCT',
          'business-unit': input.businessUnitId,
          ...(input.productTypeId === undefined ? {} : { 'product-type': input.productTypeId }),
          'file-format': input.format,
        },
      }),
  });
}

/** Whether bulk uploads are on (every unit). */
export function useBulkActive() {
  return useQuery({ queryKey: activeKey, queryFn: async () => (await call(bulkApi.active)).data });
}

export function useSetBulkActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => call(bulkApi.setActive, { body: { active } }),
    onSuccess: (res) => qc.setQueryData(activeKey, res.data),
  });
}

/** Downloads an export's zip with the token of its e-mail, signed in (a plain link cannot send the bearer token). */
export async function downloadExport(id: number, token: string): Promise<void> {
  const res = await api<Blob>(urlOf(bulkApi.downloadExport, { params: { id }, query: { token } }), { responseType: 'blob' });
  saveBlob(res.data, `export-${id}.zip`);
}
