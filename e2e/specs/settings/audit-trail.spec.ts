import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, apiToken, signIn } from './support';

test('audit trail: the screen verifies the chain and exports the log as CSV', async ({ page, request }) => {
  // the demo's audit log, chained as it was written, verified through the API and then on the screen
  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const before = await request.get('/api/audit-logs/verify', { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  expect((await before.json()).valid).toBe(true);
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/my-business-units/1/administration/audit-logs');
  await expect(page.getByRole('table', { name: 'Audit logs' })).toBeVisible();

  const chain = page.getByTestId('audit-chain');
  await expect(chain).toContainText('Verify recomputes the whole chain');
  await chain.getByRole('button', { name: 'Verify' }).click();
  await expect(chain).toContainText('Audit trail verified: intact');
  await expectAccessible(page, 'audit logs with the verified chain');
  const checked = Number(/(\d+) entries checked/.exec((await chain.textContent()) ?? '')?.[1]);
  expect(checked).toBeGreaterThanOrEqual((await before.json()).checked);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-1-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Seq,Id,At (UTC),Login,User id,Business unit,Entity,Entity id,Entity label,Action,Category,Changes,Hash');
  expect(lines.length).toBeGreaterThan(2);
  expect(lines[1]).toMatch(/,[0-9a-f]{64}$/);
});
