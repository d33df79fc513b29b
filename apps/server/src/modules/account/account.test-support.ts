import { and, asc, eq } from 'drizzle-orm';
import { appUser, auditLog, passwordHistory, userSession } from '../../db/schema/index.js';
import { DEFAULT_PASSWORD } from '../../factories/organisation-factories.js';
import { mailText, type TestContext } from '../../test/harness.js';

/** Helpers shared by the account tests (not a test file itself). */

export const NEW_PASSWORD = 'Fresh#Pass1';

export function authenticateCall(ctx: TestContext, username: string, password = DEFAULT_PASSWORD, extra: Record<string, unknown> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password, ...extra } });
}

/** The audit actions written about one user, oldest first. */
export async function auditActions(ctx: TestContext, userId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => r.action);
}

export async function auditRows(ctx: TestContext, userId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(asc(auditLog.id));
}

export async function sessionsOf(ctx: TestContext, userId: number) {
  return ctx.db.select().from(userSession).where(eq(userSession.userId, userId));
}

export async function userRow(ctx: TestContext, userId: number) {
  const [row] = await ctx.db.select().from(appUser).where(eq(appUser.id, userId));
  return row;
}

export async function historyCount(ctx: TestContext, userId: number): Promise<number> {
  return (await ctx.db.select({ id: passwordHistory.id }).from(passwordHistory).where(eq(passwordHistory.userId, userId))).length;
}

export async function setUser(ctx: TestContext, userId: number, values: Partial<typeof appUser.$inferInsert>) {
  await ctx.db.update(appUser).set(values).where(eq(appUser.id, userId));
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** Mails sent to one address, decoded. */
export function mailsTo(ctx: TestContext, email: string): string[] {
  return ctx
    .mails()
    .map(mailText)
    .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The reset key of the latest mail to an address, read from its link. */
export function resetKeyFromMail(ctx: TestContext, email: string): string {
  const mails = mailsTo(ctx, email);
  const last = mails.at(-1);
  const match = last?.match(/\/account\/reset\/finish\?key=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in the mails to ${email}`);
  return match[1];
}
