import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { CONTENT_BLOCK_TYPES, type ContentBlock, type ContentBlockType } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { RemarkContentEditor } from '../product-remarks/RemarkContentEditor';
import { serverError } from './serverError';
import { useSaveContentBlocks } from './websiteLayout.hooks';

export type BlockDraft = Pick<ContentBlock, 'type' | 'content' | 'hcp' | 'patient'> & { id?: number; productTypeId: number | null };

/**
 * The three kinds of content block for every product type of the unit (blocks written for one
 * product type are kept as they are). An empty editor removes its block.
 */
export function ContentBlocksEditor({
  unitId,
  blocks,
  onChange,
}: {
  unitId: number;
  blocks: BlockDraft[];
  onChange: (b: BlockDraft[]) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContentBlocks(unitId);
  const general = (type: ContentBlockType) => blocks.find((b) => b.type === type && b.productTypeId === null);
  const update = (type: ContentBlockType, patch: Partial<BlockDraft>) => {
    const current = general(type) ?? { type, productTypeId: null, content: '', hcp: true, patient: true };
    onChange([...blocks.filter((b) => b !== general(type)), { ...current, ...patch }]);
  };
  const submit = () =>
    save.mutate(
      blocks
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
    );
  return (
    <Stack>
      {CONTENT_BLOCK_TYPES.map((type) => {
        const block = general(type);
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
      {save.error && <Alert color="red">{serverError(t, save.error)}</Alert>}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('websiteLayout.blocks.save')}
        </Button>
      </Group>
    </Stack>
  );
}
