import { Text } from '@mantine/core';
import type { AuditLog } from './auditLogs.hooks';

/**
 * What an entry is about, as people name it: 'product ABC-123 (13)'. The label is the name, key
 * code or login the entity had when the entry was written, so it stays readable after a rename or
 * delete; the number tells apart two things of one name. Older entries have the number only.
 */
export function AuditObject({ log }: { log: Pick<AuditLog, 'entityName' | 'entityId' | 'entityLabel'> }) {
  return (
    <Text size="sm" span>
      {log.entityName}
      {log.entityLabel && (
        <>
          {' '}
          <Text span fw={600} size="sm">
            {log.entityLabel}
          </Text>
        </>
      )}
      {log.entityId !== null && (
        <Text span c="dimmed" size="sm" ff="monospace">
          {' '}
          {log.entityLabel ? `(${log.entityId})` : log.entityId}
        </Text>
      )}
    </Text>
  );
}
