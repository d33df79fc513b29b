import { useMutation } from '@tanstack/react-query';
import { demoApi } from '@vellum/contract';
import { call } from '../../api/call';

/** Whom demo mode views the admin as: a user group by id or a user by login. */
export type DemoTarget = { userGroupId: number } | { login: string };

/** Asks for a demo token (spec 001 §7 `POST api/demo-token`); the server refuses an escalation. */
export function useStartDemo() {
  return useMutation({
    mutationFn: async (target: DemoTarget) =>
      (
        await call(demoApi.start, {
          query: 'userGroupId' in target ? { user_group_id: target.userGroupId } : { login: target.login },
        })
      ).data,
  });
}
