import type { DbOrTx } from '../../../db/client.js';
import type { AuthContext } from '../../../platform/access.js';
import { UserRights } from '../../../platform/rights.js';
import { findGrants } from '../../../platform/session.repo.js';
import { findUser } from '../../users/users.repo.js';

/**
 * Why the uploader may no longer import into the job's unit (decision 0057): the user was deleted,
 * or no longer holds BULK_IMPORT there by the rights the access check resolves; undefined when
 * they may. Checked when the import runs, since it may run long after the upload.
 */
export async function uploaderRefusal(db: DbOrTx, job: { userId: number | null; userLogin: string; businessUnitId: number }) {
  const user = job.userId === null ? undefined : await findUser(db, job.userId);
  if (!user) return `The user who uploaded the zip (${job.userLogin}) no longer exists; nothing was applied.`;
  const rights = UserRights.fromGrants(await findGrants(db, user.id));
  if (!rights.has('BULK_IMPORT', job.businessUnitId)) {
    return `${user.login} no longer holds the right BULK_IMPORT in this business unit; nothing was applied.`;
  }
  return undefined;
}

/**
 * The uploader as the services see a signed-in user (decision 0062): their rights as the access
 * check resolves them now, so that an import applies the rights a click in the admin would
 * (FILE_ROTW, FILE_REMARK_ACTIVATE, FILE_HISTORICAL). Undefined when the user no longer exists.
 */
export async function uploaderAuth(db: DbOrTx, userId: number | null): Promise<AuthContext | undefined> {
  const row = userId === null ? undefined : await findUser(db, userId);
  if (!row) return undefined;
  const { passwordHash: _hash, ...user } = row;
  return {
    userId: row.id,
    login: row.login,
    sessionId: 'bulk-import',
    technicalAccount: row.technicalAccount,
    rights: UserRights.fromGrants(await findGrants(db, row.id)),
    user,
  };
}
