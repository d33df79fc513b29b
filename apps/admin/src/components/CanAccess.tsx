import type { AccessRight } from '@vellum/contract';
import type { ReactNode } from 'react';
import { useAuth } from '../platform/auth';

/**
 * Renders its children only when the user holds one of the rights (in `businessUnitId`, default the
 * global unit). The server checks again; this only hides what would be refused.
 */
export function CanAccess({
  right,
  businessUnitId,
  children,
  fallback = null,
}: {
  right: AccessRight | AccessRight[];
  businessUnitId?: number;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const auth = useAuth();
  const rights = Array.isArray(right) ? right : [right];
  return <>{rights.some((r) => auth.hasRight(r, businessUnitId)) ? children : fallback}</>;
}
