import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemarkContentEditor } from '../../components/RemarkContentEditor';
import { richTextPreview } from './richTextPreview';
import type { TranslationRowView } from './translations.hooks';

/** Edits one rich-text translation with the remark editor, the English source above it. */
export default function RichTextTranslationModal({
  row,
  value,
  onClose,
  onApply,
}: {
  row: TranslationRowView;
  value: string;
  onClose: () => void;
  onApply: (html: string) => void;
}) {
  const { t } = useTranslation();
  const [html, setHtml] = useState(value);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('translations.richTextTitle', { key: row.translationKey })}
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <Stack>
        <div>
          <Text size="sm" fw={500}>
            {t('translations.columns.source')}
          </Text>
          <Text size="sm" lang="en">
            {richTextPreview(row.sourceValue)}
          </Text>
        </div>
        <RemarkContentEditor label={t('translations.columns.translation')} value={html} onChange={setHtml} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('translations.cancel')}
          </Button>
          <Button onClick={() => onApply(html)}>{t('translations.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
