import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ProductType } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormSection } from '../../components/FormSection';
import { ImageInput } from '../../components/ImageInput';
import { type ProductTypeImageKind, useDeleteProductTypeImage, useUploadProductTypeImage } from './productTypes.hooks';

/** The reference image (350x150) and the hero images per audience; the patient one only while the patient portal is not off. */
export function ProductTypeImages({
  type,
  readOnly,
  patientPortal,
}: {
  type: ProductType;
  readOnly: boolean;
  patientPortal: boolean | undefined;
}) {
  const { t } = useTranslation();
  const remove = useDeleteProductTypeImage(type.id);
  const { ask, dialog } = useConfirm();
  const images: { kind: ProductTypeImageKind; url: string | null }[] = [
    { kind: 'image', url: type.imageUrl },
    { kind: 'heroHcp', url: type.heroImageHcpUrl },
  ];
  // while the portal is off no patient hero image can be added; one stored before can still be removed
  if (patientPortal !== false || type.heroImagePatientUrl) images.push({ kind: 'heroPatient', url: type.heroImagePatientUrl });

  return (
    <FormSection
      title={t('productTypes.sections.images')}
      description={patientPortal === false ? t('productTypes.images.patientHidden') : undefined}
    >
      <SimpleGrid cols={{ base: 1, md: images.length }}>
        {images.map(({ kind, url }) => {
          const label = t(`productTypes.images.${kind}`);
          return (
            <Stack key={kind} gap={4}>
              <ImageUpload
                type={type}
                kind={kind}
                url={url}
                label={label}
                readOnly={readOnly || (kind === 'heroPatient' && patientPortal === false)}
              />
              {url && !readOnly && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  w="fit-content"
                  aria-label={t('productTypes.images.removeNamed', { label })}
                  onClick={() =>
                    ask({
                      title: t('productTypes.images.removeTitle', { label }),
                      message: t('productTypes.images.removeMessage'),
                      confirmLabel: t('components.confirm.delete'),
                      onConfirm: () => remove.mutateAsync(kind),
                    })
                  }
                >
                  {t('productTypes.images.remove')}
                </Button>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {dialog}
    </FormSection>
  );
}

function ImageUpload({
  type,
  kind,
  url,
  label,
  readOnly,
}: {
  type: ProductType;
  kind: ProductTypeImageKind;
  url: string | null;
  label: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadProductTypeImage(type.id, kind);
  return (
    <ImageInput
      label={label}
      description={t(`productTypes.images.${kind}Hint`)}
      imageUrl={url}
      onUpload={(file) => upload.mutateAsync(file)}
      disabled={readOnly}
      previewHeight={kind === 'image' ? 90 : 110}
    />
  );
}
