import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { decodeQuotedPrintable } from '../auth/support';
import { e2eServer } from '../e2e-server';
import { ADMIN, adminApi, createProductType, createUnit, signIn, unique } from './support';

const JOB = { timeout: 60_000 };

/** The path and query of the download link in the newest mail to `to` about the export `jobId`. */
async function scheduledLinkFor(to: string, jobId: number): Promise<string> {
  const { outbox } = e2eServer();
  const pattern = new RegExp(`https?://[^\\s"<>]+/scheduled-exports/downloads/${jobId}\\?token=[^\\s"<>]+`);
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        files.sort((a, b) => statSync(join(outbox, b)).mtimeMs - statSync(join(outbox, a)).mtimeMs);
        for (const file of files) {
          const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
          found = pattern.exec(mail)?.[0];
          if (found) return true;
        }
        return false;
      },
      { ...JOB, message: `a scheduled export mail to ${to} for export ${jobId}` },
    )
    .toBe(true);
  const url = new URL(found as string);
  return `${url.pathname}${url.search}`;
}

/**
 * The recipients' download page of scheduled exports (decision 0059): a schedule run now mails
 * each recipient their own link; the link, opened signed in as the recipient, downloads the zip;
 * a link that is not valid, or is incomplete, says so on the page.
 */
test('scheduled exports: the link of the mail downloads the zip; a wrong or incomplete link says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-sdl');
  const type = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const me = await api.get<{ email: string }>('/api/account');
  const other = `${unique('someone')}@example.com`;
  const schedule = await api.post<{ id: number }>('/api/scheduled-exports', {
    businessUnitId: unit.id,
    entity: 'PRODUCT',
    productTypeId: type.id,
    fileFormat: 'TXT',
    frequency: 'DAILY',
    hour: 6,
    timeZone: 'Europe/Brussels',
    recipients: [me.email, other],
  });

  try {
    const { id: jobId } = await api.post<{ id: number }>(`/api/scheduled-exports/${schedule.id}/run`, {}, 202);
    const link = await scheduledLinkFor(me.email, jobId);
    const othersLink = await scheduledLinkFor(other, jobId);

    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Download a scheduled export' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the export' }).click(),
    ]);
    await expect(page.getByText('The download has started.')).toBeVisible();
    expect(download.suggestedFilename()).toBe(`scheduled-export-${jobId}.zip`);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
    expect(Object.keys(zip)).toEqual([`products-${type.slug}.txt`]);

    // another recipient's link, opened by this user; a token that was tampered with: not valid, said on the page
    for (const wrong of [othersLink, `${link}x`]) {
      await page.goto(wrong);
      await page.getByRole('button', { name: 'Download the export' }).click();
      const error = page.getByTestId('scheduled-download-error');
      await expect(error).toContainText('The export cannot be downloaded');
      await expect(error).toContainText('This download link is not valid');
    }
    // the link without its token
    await page.goto(link.split('?')[0] as string);
    await expect(page.getByText('This link is incomplete: open the link of the e-mail as it was sent.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download the export' })).toHaveCount(0);
  } finally {
    await api.delete(`/api/scheduled-exports/${schedule.id}`).catch(() => undefined);
    await api.delete(`/api/product-types/${type.id}`).catch(() => undefined);
  }
});
