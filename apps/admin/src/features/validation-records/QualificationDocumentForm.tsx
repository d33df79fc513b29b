import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  ErrorKeys,
  QUALIFICATION_DOCUMENT_KINDS,
  QUALIFICATION_DOCUMENT_MAX_BYTES,
  QUALIFICATION_DOCUMENT_TITLE_MAX,
  QUALIFICATION_DOCUMENT_VERSION_MAX,
  QualificationDocumentErrorKeys,
  qualificationDocumentFields,
} from '@vellum/contract';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { UploadProgress } from '../../components/UploadProgress';
import { useUploadQualificationDocument } from './qualificationDocuments.hooks';

const MB = QUALIFICATION_DOCUMENT_MAX_BYTES / 1024 / 1024;

/** The upload's fields as the server checks them (the contract's schema), and the file: a PDF of at most 150 MB. */
export const qualificationDocumentForm = qualificationDocumentFields.extend({
  kind: z.union([qualificationDocumentFields.shape.kind, z.literal('')]).refine((k) => k !== '', 'qualificationDocuments.validate.kind'),
  approvalDate: z.string().min(1, 'NotBlank').pipe(qualificationDocumentFields.shape.approvalDate),
  file: z
    .instanceof(File)
    .nullable()
    .refine((f) => f !== null, 'qualificationDocuments.validate.fileRequired')
    .refine((f) => !f || f.size <= QUALIFICATION_DOCUMENT_MAX_BYTES, 'qualificationDocuments.validate.fileTooLarge')
    // the server decides by the content; a name and type that say otherwise are refused at once
    .refine((f) => !f || f.type === 'application/pdf' || /\.pdf$/i.test(f.name), 'qualificationDocuments.validate.notPdf'),
});
export type QualificationDocumentFormValues = z.input<typeof qualificationDocumentForm>;

const EMPTY: QualificationDocumentFormValues = { kind: '', title: '', version: '', approvalDate: '', file: null };
const FIELDS = ['kind', 'title', 'version', 'approvalDate', 'file'] as const;

/** Today in the browser's own time zone (yyyy-mm-dd): the latest approval date the date picker offers. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** The upload form of an IQ/OQ/PQ document: kind, title, version, approval date and the PDF, with the upload's progress. */
export function QualificationDocumentForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useUploadQualificationDocument();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const form = useForm<QualificationDocumentFormValues>({ resolver: zodResolver(qualificationDocumentForm), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    if (!v.file || !v.kind) return;
    setCancelled(false);
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: v.file.size });
    try {
      await upload.mutateAsync({
        fields: { kind: v.kind, title: v.title, version: v.version, approvalDate: v.approvalDate },
        file: v.file,
        signal: controller.current.signal,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
      });
      form.reset(EMPTY);
    } catch (err) {
      // a cancelled upload stored nothing and is no error
      if (err instanceof DOMException && err.name === 'AbortError') {
        upload.reset();
        setCancelled(true);
      } else
        applyServerErrors(err, form.setError, {
          fields: FIELDS,
          keys: {
            [QualificationDocumentErrorKeys.approvalDateInFuture]: 'approvalDate',
            [ErrorKeys.unsupportedContentType]: 'file',
            [ErrorKeys.fileTooLarge]: 'file',
          },
        });
    } finally {
      setProgress(null);
      controller.current = null;
    }
  });

  return (
    <form noValidate onSubmit={submit} data-testid="qualification-document-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label={t('qualificationDocuments.fields.kind')}
                withAsterisk
                data={QUALIFICATION_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`qualificationDocuments.kinds.${k}`) }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={errorText(errors.kind)}
                data-testid="qualification-kind"
              />
            )}
          />
          <TextInput
            label={t('qualificationDocuments.fields.title')}
            withAsterisk
            maxLength={QUALIFICATION_DOCUMENT_TITLE_MAX}
            error={errorText(errors.title)}
            {...form.register('title')}
          />
          <TextInput
            label={t('qualificationDocuments.fields.version')}
            description={t('qualificationDocuments.versionHint', { max: QUALIFICATION_DOCUMENT_VERSION_MAX })}
            withAsterisk
            error={errorText(errors.version, { Size: 'qualificationDocuments.validate.versionSize' })}
            {...form.register('version')}
          />
          <TextInput
            type="date"
            label={t('qualificationDocuments.fields.approvalDate')}
            withAsterisk
            max={localToday()}
            error={errorText(errors.approvalDate)}
            {...form.register('approvalDate')}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="file"
          render={({ field }) => (
            <FileInput
              label={t('qualificationDocuments.fields.file')}
              description={t('qualificationDocuments.fileHint', { max: MB })}
              withAsterisk
              accept="application/pdf,.pdf"
              clearable
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(errors.file)}
              data-testid="qualification-file"
            />
          )}
        />
        {progress && <UploadProgress loaded={progress.loaded} total={progress.total} onCancel={() => controller.current?.abort()} />}
        {cancelled && (
          <Text size="sm" c="orange" role="status">
            {t('components.upload.cancelled')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending} data-testid="qualification-upload">
            {t('qualificationDocuments.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
