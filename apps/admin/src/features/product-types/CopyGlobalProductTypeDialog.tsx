import { Badge, Button, Center, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { GLOBAL_BUSINESS_UNIT_ID, type ProductType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/QueryState';
import { ProductTypeStatusBadge } from './ProductTypeStatusBadge';
import { useCopyProductType, useProductTypes } from './productTypes.hooks';

/**
 * Lists the global product types (business unit 0) and copies one, with its attribute definitions,
 * into the business unit; `onCopied` receives the new product type.
 */
export function CopyGlobalProductTypeDialog({
  opened,
  onClose,
  businessUnitId,
  existing,
  onCopied,
}: {
  opened: boolean;
  onClose: () => void;
  businessUnitId: number;
  /** The unit's own product types, to mark the global ones copied already. */
  existing?: ProductType[];
  onCopied: (copy: ProductType) => void;
}) {
  const { t } = useTranslation();
  const globals = useProductTypes(GLOBAL_BUSINESS_UNIT_ID, opened);
  const copy = useCopyProductType();
  const [copying, setCopying] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const rows = (globals.data ?? []).filter((g) => !needle || `${g.name} ${g.slug}`.toLowerCase().includes(needle));

  const run = async (source: ProductType) => {
    setCopying(source.id);
    try {
      const res = await copy.mutateAsync({ id: source.id, businessUnitId });
      onCopied(res.data);
    } catch {
      // announced by the global handler; the dialog stays open
    } finally {
      setCopying(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={copying === null ? onClose : () => {}}
      title={t('productTypes.copy.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('productTypes.copy.description')}
        </Text>
        {globals.isPending ? (
          <Center h={120}>
            <Loader aria-label={t('global.loading')} />
          </Center>
        ) : globals.error ? (
          <LoadError error={globals.error} onRetry={() => void globals.refetch()} />
        ) : globals.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" data-testid="copy-empty">
            {t('productTypes.copy.empty')}
          </Text>
        ) : (
          <>
            {globals.data.length > 5 && (
              <TextInput
                aria-label={t('productTypes.copy.search')}
                placeholder={t('productTypes.copy.search')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                type="search"
                data-autofocus
              />
            )}
            <ScrollArea.Autosize mah={420}>
              <Stack
                gap="xs"
                component="ul"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label={t('productTypes.copy.listLabel')}
              >
                {rows.length === 0 && (
                  <Text c="dimmed" ta="center" py="md">
                    {t('components.dataTable.noMatch')}
                  </Text>
                )}
                {rows.map((g) => {
                  const copiedAlready = existing?.some((u) => u.copiedFromId === g.id);
                  return (
                    <Paper key={g.id} withBorder p="sm" radius="sm" component="li" data-testid="copy-row">
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Group gap="xs" wrap="nowrap">
                            <Text fw={500} truncate>
                              {g.name}
                            </Text>
                            <ProductTypeStatusBadge status={g.status} />
                            {copiedAlready && (
                              <Badge size="sm" variant="outline" color="gray">
                                {t('productTypes.copy.copiedAlready')}
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed">
                            <Text span ff="monospace" size="xs">
                              {g.slug}
                            </Text>
                            {' · '}
                            {t('productTypes.attributeCount', { count: g.attributeDefinitions.length })}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCopy size={14} />}
                          loading={copying === g.id}
                          disabled={copying !== null && copying !== g.id}
                          onClick={() => void run(g)}
                          aria-label={t('productTypes.copy.copyNamed', { name: g.name })}
                        >
                          {t('productTypes.copy.copy')}
                        </Button>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={copying !== null}>
            {t('global.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
