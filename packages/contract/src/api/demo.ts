import { demoTokenQuery, demoTokenResponse } from '../demo.js';
import { ErrorKeys } from '../errors.js';
import { defineRoute } from './define.js';

const tags = ['account'];

/** Demo mode (spec 001 §4, §7): view the admin as a user group or a user, read-only (decision 0072). */
export const demoApi = {
  start: defineRoute({
    method: 'POST',
    path: '/api/demo-token',
    tags,
    summary: 'A read-only token acting as a user group or a user',
    description:
      'DEMO_MODUS. Query `user_group_id` or `login` (exactly one). The token acts with exactly the rights and business units ' +
      'of that group or user, never more than the caller holds: a target holding anything the caller does not is refused ' +
      '(403 error.demo.escalation). Every call of the token that changes data answers 403 error.demo.readOnly. The token ' +
      'ends at `DELETE api/demo-token`, at logout, after one hour and when the session that asked for it ends. ' +
      '404 when the group or user does not exist.',
    query: demoTokenQuery,
    response: { 200: demoTokenResponse },
    errors: [ErrorKeys.demoEscalation, ErrorKeys.demoReadOnly],
  }),
  end: defineRoute({
    method: 'DELETE',
    path: '/api/demo-token',
    tags,
    summary: 'End demo mode',
    description:
      "With a demo token: ends that demo. With the original session's token: ends every demo it started. " +
      'Allowed under a demo token (the one change it may make).',
  }),
};
