import { Badge, Button, Code, Grid, Group, List, NavLink, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import type { NotificationKind, NotificationPreview } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { formatNumber } from '../../i18n/format';
import { useNotificationKinds, useNotificationPreview, useSendNotificationSample } from './notificationPreview.hooks';

/**
 * general-settings → notification-preview (spec 000 §2; issue 24): every e-mail the product sends,
 * rendered with sample data in an interface language by the template that sends it, and sent on
 * request to the signed-in user's own address.
 */
export function NotificationPreviewPage() {
  const { t } = useTranslation();
  const list = useNotificationKinds();
  return (
    <Stack gap={0}>
      <PageHeader title={t('notificationPreview.title')} description={t('notificationPreview.description')} />
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.kinds.length === 0 ? (
        <Text size="sm">{t('notificationPreview.empty')}</Text>
      ) : (
        <Preview kinds={list.data.kinds} languages={list.data.languages} />
      )}
    </Stack>
  );
}

function Preview({ kinds, languages }: { kinds: NotificationKind[]; languages: string[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>(kinds[0]?.key ?? '');
  const [language, setLanguage] = useState(languages.includes('en') ? 'en' : (languages[0] ?? 'en'));
  const chosen = kinds.find((k) => k.key === kind);
  const preview = useNotificationPreview(kind || null, language);
  const send = useSendNotificationSample();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('notificationPreview.kinds')}>
          {kinds.map((k) => (
            <NavLink
              key={k.key}
              label={k.name}
              active={k.key === kind}
              onClick={() => setKind(k.key)}
              aria-current={k.key === kind ? 'true' : undefined}
              component="button"
            />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <Group align="flex-end" justify="space-between">
            <Select
              label={t('notificationPreview.language')}
              data={languages.map((l) => ({ value: l, label: l.toUpperCase() }))}
              value={language}
              onChange={(v) => v && setLanguage(v)}
              allowDeselect={false}
              w={160}
            />
            <Button
              leftSection={<IconSend size={16} />}
              loading={send.isPending}
              disabled={!chosen}
              onClick={() => send.mutate({ kind, language })}
            >
              {t('notificationPreview.send')}
            </Button>
          </Group>
          {chosen && (
            <div>
              <Group gap="xs">
                <Title order={2} size="h4">
                  {chosen.name}
                </Title>
                {!chosen.translated && (
                  <Badge variant="light" color="gray">
                    {t('notificationPreview.englishOnly')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {chosen.description}
              </Text>
            </div>
          )}
          {preview.isPending ? (
            <PageLoader />
          ) : preview.isError ? (
            <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
          ) : (
            <Rendered mail={preview.data} />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Rendered({ mail }: { mail: NotificationPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="notification-rendered">
      <Text>
        <Text span fw={600}>
          {t('notificationPreview.subject')}:
        </Text>{' '}
        <span data-testid="notification-subject">{mail.subject}</span>
      </Text>
      {mail.attachments.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notification-attachments">
          <Title order={3} size="h5" id="notification-attachments" mb="xs">
            {t('notificationPreview.attachments')}
          </Title>
          <List spacing={4} icon={<IconPaperclip size={16} aria-hidden />} data-testid="notification-attachments">
            {mail.attachments.map((a) => (
              <List.Item key={a.fileName}>
                <Text span fw={600}>
                  {a.fileName}
                </Text>{' '}
                {t('notificationPreview.attachment', { type: a.contentType, size: formatNumber(a.size) })}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed" mt="xs">
            {t('notificationPreview.attachmentsSample')}
          </Text>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notification-html">
        <Title order={3} size="h5" id="notification-html" mb="xs">
          {t('notificationPreview.html')}
        </Title>
        {mail.html === null ? (
          <Text size="sm">{t('notificationPreview.textOnly')}</Text>
        ) : (
          <iframe
            title={t('notificationPreview.htmlFrame')}
            sandbox=""
            srcDoc={mail.html}
            style={{ width: '100%', minHeight: 240, border: 0, background: 'white' }}
          />
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notification-text">
        <Title order={3} size="h5" id="notification-text" mb="xs">
          {t('notificationPreview.text')}
        </Title>
        <Code block data-testid="notification-text-body" style={{ whiteSpace: 'pre-wrap' }}>
          {mail.text}
        </Code>
      </Paper>
    </Stack>
  );
}
