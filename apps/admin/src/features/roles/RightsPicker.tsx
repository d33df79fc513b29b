import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { groupRights } from './rightGroups';

/**
 * The access rights as checkboxes grouped by area, each with its plain label and description (the
 * code in small type, as the audit log and the API name it), with select-all per area and for all.
 */
export function RightsPicker({
  rights,
  value,
  onChange,
  disabled,
  error,
}: {
  rights: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const selected = new Set(value);
  const groups = groupRights(rights);
  const setMany = (list: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const r of list) on ? next.add(r) : next.delete(r);
    // keep the server's order
    onChange(rights.filter((r) => next.has(r)));
  };
  const allCount = rights.filter((r) => selected.has(r)).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Checkbox
          label={t('roles.rights.selectAll')}
          checked={allCount === rights.length && rights.length > 0}
          indeterminate={allCount > 0 && allCount < rights.length}
          onChange={(e) => setMany(rights, e.currentTarget.checked)}
          disabled={disabled}
          fw={500}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('roles.rights.selected', { count: allCount, total: rights.length })}
        </Text>
      </Group>
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {groups.map((g) => {
          const count = g.rights.filter((r) => selected.has(r)).length;
          const label = t(`roles.rightAreas.${g.area}`);
          return (
            <Paper key={g.area} withBorder p="sm" radius="sm" component="fieldset" aria-label={label} m={0}>
              <Checkbox
                label={
                  <Text fw={600} size="sm">
                    {label}{' '}
                    <Text span c="dimmed" size="xs">
                      ({count}/{g.rights.length})
                    </Text>
                  </Text>
                }
                aria-label={t('roles.rights.selectGroup', { group: label })}
                checked={count === g.rights.length}
                indeterminate={count > 0 && count < g.rights.length}
                onChange={(e) => setMany(g.rights, e.currentTarget.checked)}
                disabled={disabled}
                mb="xs"
              />
              <Stack gap={8} pl="lg">
                {g.rights.map((r) => {
                  const known = i18n.exists(`roles.rightInfo.${r}.label`);
                  return (
                    <Checkbox
                      key={r}
                      size="xs"
                      label={known ? t(`roles.rightInfo.${r}.label`) : r}
                      description={
                        <>
                          {known ? t(`roles.rightInfo.${r}.description`) : t('roles.rights.unknown')}{' '}
                          <Text span ff="monospace" fz={10} c="dimmed">
                            {r}
                          </Text>
                        </>
                      }
                      checked={selected.has(r)}
                      onChange={(e) => setMany([r], e.currentTarget.checked)}
                      disabled={disabled}
                      data-right={r}
                    />
                  );
                })}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
