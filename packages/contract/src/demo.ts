import { z } from 'zod';
import { idSchema, plainText } from './common.js';

/**
 * Whom a demo views the admin as (spec 001 §7 `POST api/demo-token`): a user group by id or a user
 * by login, exactly one of the two.
 */
export const demoTokenQuery = z
  .object({
    user_group_id: idSchema.optional(),
    login: plainText().trim().min(1, 'NotBlank').max(254, 'Size').optional(),
  })
  .refine((q) => (q.user_group_id === undefined) !== (q.login === undefined), { message: 'NotNull', path: ['user_group_id'] });

export const demoKindSchema = z.enum(['USER_GROUP', 'USER']);
export type DemoKind = z.infer<typeof demoKindSchema>;

/** A demo token: it acts with the target's rights (never more than the caller's) and changes nothing. */
export const demoTokenResponse = z.object({
  id_token: z.string(),
  kind: demoKindSchema,
  /** The group's name or the user's login, for the banner. */
  label: z.string(),
  expiresAt: z.string(),
});
export type DemoToken = z.infer<typeof demoTokenResponse>;

/** Audit actions of demo mode (entity 'user' or 'userGroup': the one viewed as; the actor is the demo user). */
export const DemoAuditActions = {
  start: 'DEMO_START',
  end: 'DEMO_END',
} as const;
