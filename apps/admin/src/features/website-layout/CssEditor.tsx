import { Button, Group, Stack, Textarea } from '@mantine/core';
import { CSS_MAX_CHARS } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { serverError } from './serverError';
import { useSaveCss } from './websiteLayout.hooks';

/**
 * The unit's custom CSS as edited (the preview applies it as it is typed). The server checks it on
 * save; a refusal is shown with its line and column for as long as the CSS is the one refused, and
 * goes once it is changed.
 */
export function CssEditor({
  unitId,
  value,
  onChange,
  onSaved,
}: {
  unitId: number;
  value: string;
  onChange: (css: string) => void;
  onSaved: (css: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCss(unitId);
  const [refused, setRefused] = useState<{ css: string; message: string } | null>(null);

  const submit = () => {
    const css = value;
    setRefused(null);
    save.mutate(css, {
      onSuccess: () => onSaved(css),
      onError: (error) => {
        const params = error instanceof ApiError ? error.appParams : undefined;
        const where =
          params && typeof params.line === 'number' ? t('websiteLayout.css.at', { line: params.line, column: params.column }) : '';
        setRefused({ css, message: `${where}${serverError(t, error)}` });
      },
    });
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t('websiteLayout.css.label')}
        description={t('websiteLayout.css.description')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        maxLength={CSS_MAX_CHARS}
        rows={12}
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        error={refused && refused.css === value ? refused.message : undefined}
      />
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('websiteLayout.css.save')}
        </Button>
      </Group>
    </Stack>
  );
}
