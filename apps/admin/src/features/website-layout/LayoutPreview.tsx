import { Box, Group, Image, Paper, Stack, Text, Typography } from '@mantine/core';
import type { ContentBlock } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

export interface PreviewValues {
  mainColor: string | null;
  highlightColor: string | null;
  lightHeaderText: boolean;
  logoUrl: string | null;
  footerItems: { text: string; publicUrl: string }[];
  contentBlocks: Pick<ContentBlock, 'type' | 'content' | 'productTypeId'>[];
}

const VALID_HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string | null, fallback: string) => (value && VALID_HEX.test(value) ? value : fallback);

/** Rich text of a block, already sanitised by the server or by the editor's own schema. */
function Block({ block }: { block?: { content: string } }) {
  if (!block?.content) return null;
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rich text, or the editor's own schema-limited output */}
      <div dangerouslySetInnerHTML={{ __html: block.content }} />
    </Typography>
  );
}

/**
 * The public site's header, product-type selection and footer as they will look with these values,
 * redrawn on every keystroke. It shows the effective values: the unit's own, else the manufacturer's.
 */
export function LayoutPreview({ values }: { values: PreviewValues }) {
  const { t } = useTranslation();
  const main = colour(values.mainColor, '#1c3d5a');
  const highlight = colour(values.highlightColor, '#f59f00');
  const text = values.lightHeaderText ? '#ffffff' : '#000000';
  const block = (type: ContentBlock['type']) => values.contentBlocks.find((b) => b.type === type && !b.productTypeId);
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      aria-label={t('websiteLayout.preview.title')}
      role="region"
      data-testid="layout-preview"
    >
      <Box data-testid="preview-header" px="md" py="sm" style={{ background: main, color: text, borderBottom: `4px solid ${highlight}` }}>
        <Group justify="space-between" wrap="nowrap">
          {values.logoUrl ? (
            <Image src={values.logoUrl} alt={t('websiteLayout.preview.logo')} h={22} w="auto" fit="contain" />
          ) : (
            <Text fw={700}>{t('websiteLayout.preview.noLogo')}</Text>
          )}
          <Text size="sm" style={{ color: text }}>
            {t('websiteLayout.preview.chooseCountry')}
          </Text>
        </Group>
      </Box>
      <Stack p="md" gap="xs" bg="white" c="black">
        <Block block={block('PRODUCT_TYPE_SELECTION_HEADER')} />
        <Text fw={600} style={{ color: '#000' }}>
          {t('websiteLayout.preview.selectProductType')}
        </Text>
        <Block block={block('PRODUCT_TYPE_HEADER')} />
        <Box p="xs" style={{ border: `1px solid ${highlight}`, borderRadius: 4 }}>
          <Text size="sm" style={{ color: '#000' }}>
            {t('websiteLayout.preview.productType')}
          </Text>
        </Box>
        <Block block={block('PRODUCT_TYPE_FOOTER')} />
      </Stack>
      <Group data-testid="preview-footer" px="md" py="xs" gap="md" style={{ background: '#f1f3f5' }}>
        {values.footerItems.length === 0 ? (
          <Text size="xs" c="dark.6">
            {t('websiteLayout.preview.noFooter')}
          </Text>
        ) : (
          values.footerItems.map((item, i) => (
            // preview only: the links do not navigate away from the editor; the list has no stable ids while edited
            // biome-ignore lint/suspicious/noArrayIndexKey: drafts without ids, shown in their order
            <Text key={i} size="xs" td="underline" c="dark.8" title={item.publicUrl}>
              {item.text || '…'}
            </Text>
          ))
        )}
      </Group>
    </Paper>
  );
}
