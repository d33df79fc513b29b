import { Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { TranslationCount } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../i18n/format';

/** Translated and missing per language, each a button that opens that language. */
export function LanguageCounts({
  counts,
  current,
  onChoose,
}: {
  counts: TranslationCount[];
  current: string | undefined;
  onChoose: (language: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="md" role="list" aria-label={t('translations.counts')}>
      {counts.map((c) => (
        <Paper
          key={c.interfaceLanguageISO}
          role="listitem"
          withBorder
          radius="sm"
          px="sm"
          py={4}
          bg={c.interfaceLanguageISO === current ? 'teal.0' : undefined}
          data-testid={`count-${c.interfaceLanguageISO}`}
        >
          <UnstyledButton onClick={() => onChoose(c.interfaceLanguageISO)} aria-current={c.interfaceLanguageISO === current || undefined}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm">
                {languageName(c.interfaceLanguageISO)}
              </Text>
              <Text size="sm">{t('translations.translatedOf', { translated: c.translated, total: c.total })}</Text>
              <Badge size="sm" color={c.missing > 0 ? 'orange' : 'teal'} variant="light">
                {t('translations.missingCount', { count: c.missing })}
              </Badge>
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </Group>
  );
}
