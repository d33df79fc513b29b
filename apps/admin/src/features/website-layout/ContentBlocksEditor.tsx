import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { CONTENT_BLOCK_TYPES, type ContentBlock, type ContentBlockType, PER_PRODUCT_TYPE_BLOCKS } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../components/ProblemAlert';
import { RemarkContentEditor } from '../../components/RemarkContentEditor';
import { useProductTypes } from '../product-types';
import { serverError } from './serverError';
import { useSaveContentBlocks } from './websiteLayout.hooks';

export type BlockDraft = Pick<ContentBlock, 'type' | 'content' | 'hcp' | 'patient'> & { id?: number; productTypeId: number | null };

/**
 * The content blocks of the unit: the three kinds for every product type, and (in a unit, not in
 * the manufacturer-wide layout) a product type's own header and footer, which replace the general
 * ones on that product type's pages. The scope select chooses which set is edited; all of them are
 * saved together. An empty editor removes its block.
 */
export function ContentBlocksEditor({
  unitId,
  blocks,
  onChange,
  onSaved,
}: {
  unitId: number;
  blocks: BlockDraft[];
  onChange: (b: BlockDraft[]) => void;
  /** The blocks of a save that succeeded. */
  onSaved: (b: BlockDraft[]) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContentBlocks(unitId);
  const productTypes = useProductTypes(unitId, unitId !== 0);
  const [scope, setScope] = useState<number | null>(null);
  const inScope = (type: ContentBlockType) => blocks.find((b) => b.type === type && b.productTypeId === scope);
  const update = (type: ContentBlockType, patch: Partial<BlockDraft>) => {
    const current = inScope(type) ?? { type, productTypeId: scope, content: '', hcp: true, patient: true };
    onChange([...blocks.filter((b) => b !== inScope(type)), { ...current, ...patch }]);
  };
  const withOwnBlocks = new Set(blocks.filter((b) => b.productTypeId !== null && b.content).map((b) => b.productTypeId));
  const scopeOptions = [
    { value: '', label: t('websiteLayout.blocks.allProductTypes') },
    ...(productTypes.data ?? []).map((pt) => ({
      value: String(pt.id),
      label: withOwnBlocks.has(pt.id) ? t('websiteLayout.blocks.ownBlocks', { name: pt.name }) : pt.name,
    })),
  ];
  const types = scope === null ? CONTENT_BLOCK_TYPES : PER_PRODUCT_TYPE_BLOCKS;
  const submit = () => {
    const sent = blocks;
    save.mutate(
      sent
        .filter((b) => b.content)
        .map((b) => ({
          id: b.id,
          businessUnitId: unitId,
          type: b.type,
          productTypeId: b.productTypeId,
          hcp: b.hcp,
          patient: b.patient,
          content: b.content,
        })),
      { onSuccess: () => onSaved(sent) },
    );
  };
  return (
    <Stack>
      {unitId !== 0 && (productTypes.data?.length ?? 0) > 0 && (
        <Stack gap={4}>
          <Select
            label={t('websiteLayout.blocks.scope')}
            data={scopeOptions}
            value={scope === null ? '' : String(scope)}
            onChange={(v) => setScope(v ? Number(v) : null)}
            allowDeselect={false}
            w={360}
          />
          <Text size="sm" c="dimmed">
            {scope === null ? t('websiteLayout.blocks.scopeAll') : t('websiteLayout.blocks.scopeOne')}
          </Text>
        </Stack>
      )}
      {types.map((type) => {
        const block = inScope(type);
        return (
          <Stack key={type} gap={4}>
            <RemarkContentEditor
              label={t(`websiteLayout.blocks.types.${type}`)}
              value={block?.content ?? ''}
              onChange={(content) => update(type, { content })}
            />
            <Group gap="md">
              <Checkbox
                label={t('websiteLayout.blocks.hcp')}
                aria-label={`${t(`websiteLayout.blocks.types.${type}`)}: ${t('websiteLayout.blocks.hcp')}`}
                checked={block?.hcp ?? true}
                onChange={(e) => update(type, { hcp: e.currentTarget.checked })}
              />
              <Checkbox
                label={t('websiteLayout.blocks.patient')}
                aria-label={`${t(`websiteLayout.blocks.types.${type}`)}: ${t('websiteLayout.blocks.patient')}`}
                checked={block?.patient ?? true}
                onChange={(e) => update(type, { patient: e.currentTarget.checked })}
              />
            </Group>
          </Stack>
        );
      })}
      {save.error && <ProblemAlert>{serverError(t, save.error)}</ProblemAlert>}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('websiteLayout.blocks.save')}
        </Button>
      </Group>
    </Stack>
  );
}
