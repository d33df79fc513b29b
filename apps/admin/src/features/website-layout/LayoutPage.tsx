import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ContentBlock, FooterItem } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { ImageInput } from '../../components/ImageInput';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { UnsavedChangesPrompt } from '../../components/UnsavedChangesPrompt';
import { type BlockDraft, ContentBlocksEditor } from './ContentBlocksEditor';
import { CssEditor } from './CssEditor';
import { type FooterDraft, FooterItemsEditor } from './FooterItemsEditor';
import { LayoutColours } from './LayoutColours';
import { LayoutPreview } from './LayoutPreview';
import { sameBlocks, sameColours, sameFooter, sameText, useDraft } from './layoutDrafts';
import { usePreviewCss } from './previewCss';
import { type Layout, useContentBlocks, useCss, useFooterItems, useLayout, useUploadLogo } from './websiteLayout.hooks';

export { lowContrast } from './LayoutColours';

/** /my-business-units/:id/website-configuration/layout: the unit's website look with a live preview. */
export function LayoutPage() {
  return <LayoutEditor unitId={Number(useParams().businessUnitId)} />;
}

/** /general-settings/manufacturer-layout: the layout every unit inherits (unit 0). */
export function ManufacturerLayoutPage() {
  return <LayoutEditor unitId={0} />;
}

function LayoutEditor({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const layout = useLayout(unitId);
  const footer = useFooterItems(unitId);
  const blocks = useContentBlocks(unitId);
  const css = useCss(unitId);
  const queries = [layout, footer, blocks, css];
  if (queries.some((q) => q.isPending)) return <PageLoader />;
  const failed = queries.find((q) => q.error);
  if (failed || !layout.data || !footer.data || !blocks.data || !css.data)
    return <LoadError error={failed?.error} onRetry={() => queries.forEach((q) => void q.refetch())} />;
  return (
    <>
      <PageHeader
        title={t(unitId === 0 ? 'websiteLayout.manufacturerTitle' : 'websiteLayout.title')}
        description={t(unitId === 0 ? 'websiteLayout.manufacturerDescription' : 'websiteLayout.description')}
      />
      <LayoutForm unitId={unitId} layout={layout.data} footer={footer.data} blocks={blocks.data} css={css.data.content} />
    </>
  );
}

/**
 * Each section saves on its own; the preview shows every section as edited. Saving one section
 * keeps the others' edits, each save says what was saved, and leaving with edits not saved asks first.
 */
function LayoutForm({
  unitId,
  layout,
  footer,
  blocks,
  css,
}: {
  unitId: number;
  layout: Layout;
  footer: FooterItem[];
  blocks: ContentBlock[];
  css: string;
}) {
  const { t } = useTranslation();
  const logo = useUploadLogo(unitId);
  const storedColours = useMemo(
    () => ({ mainColor: layout.mainColor ?? '', highlightColor: layout.highlightColor ?? '', lightHeaderText: layout.lightHeaderText }),
    [layout],
  );
  const colours = useDraft(storedColours, sameColours);
  const footerItems = useDraft<FooterDraft[]>(footer, sameFooter);
  const contentBlocks = useDraft<BlockDraft[]>(blocks, sameBlocks);
  const customCss = useDraft(css, sameText);
  const previewCss = usePreviewCss(unitId, customCss.value);

  const unsaved = [
    colours.dirty && t('websiteLayout.unsaved.colours'),
    footerItems.dirty && t('websiteLayout.unsaved.footer'),
    contentBlocks.dirty && t('websiteLayout.unsaved.blocks'),
    customCss.dirty && t('websiteLayout.unsaved.css'),
  ].filter((x): x is string => !!x);

  const { inherited, effective } = layout;
  const { mainColor, highlightColor, lightHeaderText } = colours.value;
  const preview = {
    mainColor: mainColor || effective.mainColor,
    highlightColor: highlightColor || effective.highlightColor,
    lightHeaderText: mainColor ? lightHeaderText : effective.lightHeaderText,
    logoUrl: layout.logoUrl ?? effective.logoUrl,
    headerTextTitle: layout.headerTextTitle,
    footerItems: footerItems.value.length || !inherited.footerItems ? footerItems.value : effective.footerItems,
    contentBlocks: contentBlocks.value.length || !inherited.contentBlocks ? contentBlocks.value : effective.contentBlocks,
    css: previewCss,
  };

  return (
    <>
      <UnsavedChangesPrompt changes={unsaved} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <Stack>
            <FormSection title={t('websiteLayout.sections.colours')}>
              <LayoutColours layout={layout} draft={colours} mainShown={preview.mainColor} />
            </FormSection>
            <FormSection title={t('websiteLayout.sections.logo')}>
              <ImageInput
                label={t('websiteLayout.fields.logo')}
                description={inherited.logo ? t('websiteLayout.logoInherited') : t('websiteLayout.logoHint')}
                imageUrl={layout.logoUrl}
                onUpload={(file) => logo.mutateAsync(file)}
              />
            </FormSection>
            <FormSection title={t('websiteLayout.sections.footer')}>
              <FooterItemsEditor
                unitId={unitId}
                items={footerItems.value}
                onChange={footerItems.set}
                onSaved={footerItems.saved}
                inherited={inherited.footerItems}
              />
            </FormSection>
            <FormSection title={t('websiteLayout.sections.blocks')}>
              {inherited.contentBlocks && contentBlocks.value.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('websiteLayout.blocks.inherited')}
                </Text>
              )}
              <ContentBlocksEditor
                unitId={unitId}
                blocks={contentBlocks.value}
                onChange={contentBlocks.set}
                onSaved={contentBlocks.saved}
              />
            </FormSection>
            <FormSection title={t('websiteLayout.sections.css')}>
              <CssEditor unitId={unitId} value={customCss.value} onChange={customCss.set} onSaved={customCss.saved} />
            </FormSection>
          </Stack>
        </div>
        <div>
          <Stack gap="xs" style={{ position: 'sticky', top: 80 }}>
            <Text fw={600}>{t('websiteLayout.preview.title')}</Text>
            <LayoutPreview values={preview} />
          </Stack>
        </div>
      </SimpleGrid>
    </>
  );
}
