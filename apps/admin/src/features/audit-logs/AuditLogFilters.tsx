import { Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DebouncedInput } from '../../components/DebouncedInput';

export interface AuditFilterValues {
  scope: 'unit' | 'global';
  entityName: string;
  action: string;
  login: string;
  from: string;
  to: string;
}

const KNOWN_ENTITIES = ['business-unit', 'manufacturer', 'role', 'user', 'user-group'];
const KNOWN_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'LOGO', 'LAYOUT', 'CSS', 'SETTINGS', 'PUBLISH', 'LOGIN', 'LOGIN_FAILED', 'LOGOUT'];

const options = (known: string[], seen: string[], current: string) =>
  [...new Set([...known, ...seen, ...(current ? [current] : [])])].sort();

/** The audit log's filters: scope (this unit or the global log), entity, action, user and dates. */
export function AuditLogFilters({
  values,
  onChange,
  seen,
  canGlobal,
}: {
  values: AuditFilterValues;
  onChange: (changes: Partial<AuditFilterValues>) => void;
  seen: { entities: string[]; actions: string[] };
  canGlobal: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {canGlobal && (
        <SegmentedControl
          aria-label={t('auditLogs.filters.scope')}
          value={values.scope}
          onChange={(v) => onChange({ scope: v as AuditFilterValues['scope'] })}
          data={[
            { value: 'unit', label: t('auditLogs.filters.thisUnit') },
            { value: 'global', label: t('auditLogs.filters.global') },
          ]}
        />
      )}
      <Select
        aria-label={t('auditLogs.filters.entity')}
        placeholder={t('auditLogs.filters.entity')}
        data={options(KNOWN_ENTITIES, seen.entities, values.entityName)}
        value={values.entityName || null}
        onChange={(v) => onChange({ entityName: v ?? '' })}
        clearable
        searchable
        w={170}
      />
      <Select
        aria-label={t('auditLogs.filters.action')}
        placeholder={t('auditLogs.filters.action')}
        data={options(KNOWN_ACTIONS, seen.actions, values.action)}
        value={values.action || null}
        onChange={(v) => onChange({ action: v ?? '' })}
        clearable
        searchable
        w={170}
      />
      <DebouncedInput
        aria-label={t('auditLogs.filters.user')}
        placeholder={t('auditLogs.filters.user')}
        value={values.login}
        onChange={(v) => onChange({ login: v })}
        w={180}
      />
      <TextInput
        type="date"
        aria-label={t('auditLogs.filters.from')}
        leftSection={
          <Text size="xs" c="dimmed">
            {t('auditLogs.filters.fromShort')}
          </Text>
        }
        leftSectionWidth={44}
        value={values.from}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
        w={190}
      />
      <TextInput
        type="date"
        aria-label={t('auditLogs.filters.to')}
        leftSection={
          <Text size="xs" c="dimmed">
            {t('auditLogs.filters.toShort')}
          </Text>
        }
        leftSectionWidth={44}
        value={values.to}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
        w={190}
      />
    </Group>
  );
}
