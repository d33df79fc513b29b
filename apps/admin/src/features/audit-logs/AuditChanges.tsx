import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Diff = Record<string, { from: unknown; to: unknown }>;

function isDiff(value: unknown): value is Diff {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((v) => v && typeof v === 'object' && 'from' in v && 'to' in v);
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.length ? v.join(', ') : '—';
  return JSON.stringify(v);
}

/** What an audit entry changed: a field/from/to table for a diff, the raw JSON otherwise. */
export function AuditChanges({ changes }: { changes: unknown }) {
  const { t } = useTranslation();
  if (changes === null || changes === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t('auditLogs.noChanges')}
      </Text>
    );
  }
  if (isDiff(changes)) {
    return (
      <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} maw={900} aria-label={t('auditLogs.changes')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>{t('auditLogs.field')}</Table.Th>
            <Table.Th>{t('auditLogs.from')}</Table.Th>
            <Table.Th>{t('auditLogs.to')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(changes).map(([field, { from, to }]) => (
            <Table.Tr key={field}>
              <Table.Td ff="monospace">{field}</Table.Td>
              <Table.Td c="red.8" style={{ wordBreak: 'break-word' }}>
                {show(from)}
              </Table.Td>
              <Table.Td c="teal.8" style={{ wordBreak: 'break-word' }}>
                {show(to)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Code block fz="xs" maw={900}>
      {JSON.stringify(changes, null, 2)}
    </Code>
  );
}
