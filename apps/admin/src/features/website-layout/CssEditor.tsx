import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { CSS_MAX_CHARS } from '@vellum/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { serverError } from './serverError';
import { useCss, useSaveCss } from './websiteLayout.hooks';

/** The unit's custom CSS; the server checks it and a refusal is shown with its line and column. */
export function CssEditor({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const css = useCss(unitId);
  const save = useSaveCss(unitId);
  const [content, setContent] = useState('');
  useEffect(() => {
    if (css.data) setContent(css.data.content);
  }, [css.data]);
  const params = save.error instanceof ApiError ? save.error.appParams : undefined;
  const where = params && typeof params.line === 'number' ? t('websiteLayout.css.at', { line: params.line, column: params.column }) : '';
  return (
    <Stack gap="xs">
      <Textarea
        label={t('websiteLayout.css.label')}
        description={t('websiteLayout.css.description')}
        value={content}
        onChange={(e) => setContent(e.currentTarget.value)}
        maxLength={CSS_MAX_CHARS}
        rows={12}
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        error={save.error ? `${where}${serverError(t, save.error)}` : undefined}
        disabled={css.isPending}
      />
      {css.error && <Alert color="red">{t('websiteLayout.loadFailed')}</Alert>}
      <Group>
        <Button onClick={() => save.mutate(content)} loading={save.isPending}>
          {t('websiteLayout.css.save')}
        </Button>
      </Group>
    </Stack>
  );
}
