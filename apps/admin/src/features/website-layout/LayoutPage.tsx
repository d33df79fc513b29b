import { Alert, Badge, Button, ColorInput, Group, Input, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { hexColor } from '@vellum/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { ImageInput } from '../../components/ImageInput';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { type BlockDraft, ContentBlocksEditor } from './ContentBlocksEditor';
import { CssEditor } from './CssEditor';
import { type FooterDraft, FooterItemsEditor } from './FooterItemsEditor';
import { LayoutPreview } from './LayoutPreview';
import { serverError } from './serverError';
import { type Layout, useContentBlocks, useFooterItems, useLayout, useSaveLayout, useUploadLogo } from './websiteLayout.hooks';

const colourOk = (v: string) => v === '' || hexColor.safeParse(v).success;

/** WCAG relative luminance of a HEX colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether the header text (black or white) reads on the main colour below WCAG AA (4.5:1). */
export function lowContrast(mainColor: string | null, lightText: boolean): boolean {
  if (!mainColor || !hexColor.safeParse(mainColor).success) return false;
  const bg = luminance(mainColor);
  const fg = lightText ? 1 : 0;
  return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05) < 4.5;
}

function Inherited({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? (
    <Badge size="xs" variant="light" color="gray" ml={6}>
      {t('websiteLayout.inherited')}
    </Badge>
  ) : null;
}

/** A colour in HEX; empty leaves it to the manufacturer. */
function ColourField(props: { label: string; inherited: boolean; placeholder: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <ColorInput
      label={
        <>
          {props.label}
          <Inherited show={props.inherited} />
        </>
      }
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      error={colourOk(props.value) ? undefined : t('websiteLayout.invalidHex')}
      format="hex"
      eyeDropperButtonProps={{ 'aria-label': t('websiteLayout.eyeDropper', { field: props.label }) }}
    />
  );
}

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
  if (layout.isPending || footer.isPending || blocks.isPending) return <PageLoader />;
  if (layout.error || footer.error || blocks.error)
    return <LoadError error={layout.error ?? footer.error ?? blocks.error} onRetry={() => void layout.refetch()} />;
  return (
    <>
      <PageHeader
        title={t(unitId === 0 ? 'websiteLayout.manufacturerTitle' : 'websiteLayout.title')}
        description={t(unitId === 0 ? 'websiteLayout.manufacturerDescription' : 'websiteLayout.description')}
      />
      <LayoutForm key={layout.data.version} unitId={unitId} layout={layout.data} footer={footer.data} blocks={blocks.data} />
    </>
  );
}

function LayoutForm({ unitId, layout, footer, blocks }: { unitId: number; layout: Layout; footer: FooterDraft[]; blocks: BlockDraft[] }) {
  const { t } = useTranslation();
  const save = useSaveLayout();
  const logo = useUploadLogo(unitId);
  const [mainColor, setMainColor] = useState(layout.mainColor ?? '');
  const [highlightColor, setHighlightColor] = useState(layout.highlightColor ?? '');
  const [lightHeaderText, setLightHeaderText] = useState(layout.lightHeaderText);
  const [footerItems, setFooterItems] = useState(footer);
  const [contentBlocks, setContentBlocks] = useState(blocks);
  useEffect(() => setFooterItems(footer), [footer]);
  useEffect(() => setContentBlocks(blocks), [blocks]);

  const { inherited, effective } = layout;
  const preview = {
    mainColor: mainColor || effective.mainColor,
    highlightColor: highlightColor || effective.highlightColor,
    lightHeaderText: mainColor ? lightHeaderText : effective.lightHeaderText,
    logoUrl: layout.logoUrl ?? effective.logoUrl,
    footerItems: footerItems.length || !inherited.footerItems ? footerItems : effective.footerItems,
    contentBlocks: contentBlocks.length || !inherited.contentBlocks ? contentBlocks : effective.contentBlocks,
  };
  const valid = colourOk(mainColor) && colourOk(highlightColor);
  const submit = () =>
    save.mutate({
      id: layout.id,
      version: layout.version,
      mainColor: mainColor || null,
      highlightColor: highlightColor || null,
      lightHeaderText,
      headerTextTitle: layout.headerTextTitle,
      headerTextBody: layout.headerTextBody,
      oneColumnLayout: layout.oneColumnLayout,
    });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <div>
        <Stack>
          <FormSection title={t('websiteLayout.sections.colours')}>
            <ColourField
              label={t('websiteLayout.fields.mainColor')}
              inherited={inherited.mainColor && !mainColor}
              placeholder={effective.mainColor ?? '#1c3d5a'}
              value={mainColor}
              onChange={setMainColor}
            />
            <ColourField
              label={t('websiteLayout.fields.highlightColor')}
              inherited={inherited.highlightColor && !highlightColor}
              placeholder={effective.highlightColor ?? '#f59f00'}
              value={highlightColor}
              onChange={setHighlightColor}
            />
            <Input.Wrapper label={t('websiteLayout.fields.headerText')} labelElement="div">
              <SegmentedControl
                aria-label={t('websiteLayout.fields.headerText')}
                display="flex"
                w="fit-content"
                value={lightHeaderText ? 'white' : 'black'}
                onChange={(v) => setLightHeaderText(v === 'white')}
                data={[
                  { value: 'black', label: t('websiteLayout.fields.black') },
                  { value: 'white', label: t('websiteLayout.fields.white') },
                ]}
              />
            </Input.Wrapper>
            {lowContrast(preview.mainColor, preview.lightHeaderText) && (
              <Alert color="yellow" data-testid="contrast-warning">
                {t('websiteLayout.lowContrast')}
              </Alert>
            )}
            {save.error && <Alert color="red">{serverError(t, save.error)}</Alert>}
            <Group>
              <Button onClick={submit} loading={save.isPending} disabled={!valid}>
                {t('websiteLayout.saveColours')}
              </Button>
            </Group>
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
            <FooterItemsEditor unitId={unitId} items={footerItems} onChange={setFooterItems} inherited={inherited.footerItems} />
          </FormSection>
          <FormSection title={t('websiteLayout.sections.blocks')}>
            {inherited.contentBlocks && contentBlocks.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('websiteLayout.blocks.inherited')}
              </Text>
            )}
            <ContentBlocksEditor unitId={unitId} blocks={contentBlocks} onChange={setContentBlocks} />
          </FormSection>
          <FormSection title={t('websiteLayout.sections.css')}>
            <CssEditor unitId={unitId} />
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
  );
}
