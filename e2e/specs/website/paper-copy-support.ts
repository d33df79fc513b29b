import type { APIRequestContext } from '@playwright/test';
import { type Api, adminApi, createProduct, createProductType, createUnit, unique } from '../catalogue/support';
import { createDocument, pdfOf, uploadBinary } from '../documents/files-support';

export interface PublishedUnit {
  api: Api;
  unit: { id: number; slug: string; displayName: string };
  keyCode: string;
  documentNumber: string;
  fileName: string;
}

/**
 * A unit published for Belgian visitors in English and French (issue 12): one product type
 * searched by key code for healthcare professionals, one product, one document with one French
 * file for Belgium and its PDF, published through the API as the publish page does.
 */
export async function publishedUnitWithFile(request: APIRequestContext, prefix = 'e2e-site'): Promise<PublishedUnit> {
  const api = await adminApi(request);
  const unit = await createUnit(api, prefix);
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL', 'LU'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en', 'fr']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr']);
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'VISIBLE' }]);
  const keyCode = unique('PC').slice(-10).toUpperCase();
  const product = await createProduct(api, type, keyCode, { Model: 'Cathéter' });
  const docType = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const documentNumber = unique('IFU').slice(-10).toUpperCase();
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: docType.id,
    number: documentNumber,
    name: "Notice d'utilisation",
    productIds: [product.id],
  });
  const fileName = 'Notice FR';
  const file = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: fileName,
    versionLabel: '1.0',
    date: '2026-01-01',
    countryIds: ['BE'],
    documentLanguageIds: ['fr'],
  });
  await uploadBinary(request, api, file.id, 'notice-fr.pdf', pdfOf(4_000));
  await api.post('/api/publish', { businessUnitId: unit.id });
  return { api, unit, keyCode, documentNumber, fileName };
}
