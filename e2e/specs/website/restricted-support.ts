import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { decodeQuotedPrintable } from '../auth/support';
import { adminApi, createProduct, createProductType, createUnit, unique } from '../catalogue/support';
import { createDocument, pdfOf, uploadBinary } from '../documents/files-support';
import { e2eServer } from '../e2e-server';

/**
 * A published unit with an open and a restricted document on one product (issue 12, decision
 * 0045): restricted groups and the document search on, one group with `member`, Belgium in
 * English for healthcare professionals.
 */
export async function publishRestrictedUnit(request: APIRequestContext) {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-site-restricted');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  // a dark header with light text (the site's default header, dark with dark text, fails the contrast check)
  await api.put('/api/business-units', {
    ...settings,
    publicUserGroupActive: true,
    documentSearch: true,
    mainColor: '#1f2937',
    lightHeaderText: true,
  });
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_EXACT' }], {
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
  });
  const product = await createProduct(api, type, 'RST-1', { Model: 'Pump' });
  const docType = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const bytes = pdfOf(3000);
  const member = `${unique('nurse')}@example.com`;
  const files: Record<'open' | 'secret', number> = { open: 0, secret: 0 };
  for (const [which, number, name] of [
    ['open', 'OPEN-1', 'Pump leaflet'],
    ['secret', 'SERVICE-1', 'Pump service manual'],
  ] as const) {
    const doc = await createDocument(request, api, {
      businessUnitId: unit.id,
      documentTypeId: docType.id,
      number,
      name,
      productIds: [product.id],
    });
    const file = await api.post<{ id: number }>('/api/files', {
      documentId: doc.id,
      name: `${name} EN`,
      versionLabel: '1.0',
      date: '2026-01-01',
      countryIds: ['BE'],
      documentLanguageIds: ['en'],
    });
    await uploadBinary(request, api, file.id, `${which}.pdf`, bytes);
    files[which] = file.id;
    if (which === 'secret') {
      await api.post('/api/public-user-groups', {
        businessUnitId: unit.id,
        name: 'Service partners',
        emails: [member],
        documentIds: [doc.id],
      });
    }
  }
  const published = await request.post('/api/publish', {
    headers: { Authorization: `Bearer ${api.token}` },
    data: { businessUnitId: unit.id, includeFuture: false },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { unit, type, product, files, bytes, member, productUrl: `/site/${unit.slug}/be/en/hcp/${type.slug}/RST-1` };
}

/** The path of the restricted-documents link in the newest mail to `to` (the mail's host is the configured public URL). */
export async function accessLinkFor(to: string): Promise<string> {
  const { outbox } = e2eServer();
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {}
        for (const file of names.sort().reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
          found = /https?:\/\/[^\s"<>]+\/_access\/[A-Za-z0-9_-]{43}[^\s"<>]*/.exec(mail)?.[0];
          if (found) return true;
        }
        return false;
      },
      { timeout: 10_000, message: `a link mail to ${to}` },
    )
    .toBe(true);
  const url = new URL(found as string);
  return `${url.pathname}${url.search}`;
}
