import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconPaperclip } from '@tabler/icons-react';
import { HelpMessageKeys, TICKET_ATTACHMENT_MAX_BYTES, TICKET_DESCRIPTION_MAX, TICKET_SUBJECT_MAX, type Ticket } from '@vellum/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { handleApiError } from '../../api/notify';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { type TicketOutcome, useOwnTickets, useSendTicket } from './help.hooks';
import { TicketStatusBadge } from './TicketStatusBadge';

/** What the file chooser offers (the server decides by content: PNG, JPEG, PDF, TXT, ZIP). */
const ACCEPT = '.png,.jpg,.jpeg,.pdf,.txt,.zip,image/png,image/jpeg,application/pdf,text/plain,application/zip';

const schema = z.object({
  subject: z.string().trim().min(1, 'help.validate.subjectRequired').max(TICKET_SUBJECT_MAX, 'help.validate.subjectTooLong'),
  description: z
    .string()
    .trim()
    .min(1, 'help.validate.descriptionRequired')
    .max(TICKET_DESCRIPTION_MAX, 'help.validate.descriptionTooLong'),
  attachment: z
    .instanceof(File)
    .nullable()
    .refine((f) => !f || f.size <= TICKET_ATTACHMENT_MAX_BYTES, HelpMessageKeys.attachmentFileSize),
});
type Values = z.input<typeof schema>;

/** Where the help page was opened from: the page the footer's link was on (router state), if any. */
export function openedFrom(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/help') ? from : undefined;
}

/**
 * `/help` (spec 000 §2, §3): a support ticket to the vendor with subject, description, the page it
 * was opened from and an optional attachment; 'Go Back' to that page; the ticket number once sent;
 * below, the user's own tickets and their status (decision 0073).
 */
export function HelpPage() {
  const { t } = useTranslation();
  const from = openedFrom(useLocation().state);
  const send = useSendTicket();
  const [outcome, setOutcome] = useState<TicketOutcome | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { subject: '', description: '', attachment: null } });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((v) =>
    send.mutate(
      { subject: v.subject, description: v.description, url: from ?? '', attachment: v.attachment },
      {
        onSuccess: (result) => {
          setOutcome(result);
          form.reset({ subject: '', description: '', attachment: null });
        },
        onError: (err) => {
          setOutcome(null);
          handleApiError(err);
        },
      },
    ),
  );

  return (
    <Stack gap={0}>
      {from && (
        <Anchor component={Link} to={from} size="sm" c="dimmed" w="fit-content" mb={4} data-testid="help-go-back">
          <Group gap={2} wrap="nowrap">
            <IconChevronLeft size={14} aria-hidden />
            {t('help.goBack')}
          </Group>
        </Anchor>
      )}
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <Stack gap="lg" maw={720}>
        {outcome && (
          <Alert color="green" variant="light" data-testid="help-success" role="status">
            <Text fw={700} size="sm">
              {t(HelpMessageKeys.success)}
            </Text>
            <Text size="sm">{t('help.ticketNumber', { number: outcome.ticketId })}</Text>
          </Alert>
        )}
        {outcome?.attachmentFailed && (
          <Alert color="yellow" variant="light" data-testid="help-attachment-warning" role="alert">
            {t(HelpMessageKeys.attachmentError)}
          </Alert>
        )}
        {send.isError && <ProblemAlert>{t(HelpMessageKeys.fail)}</ProblemAlert>}
        <Paper withBorder radius="md" p="lg">
          <form noValidate onSubmit={submit} data-testid="help-form">
            <Stack gap="md">
              <TextInput
                label={t('help.subject')}
                withAsterisk
                maxLength={TICKET_SUBJECT_MAX}
                error={errors.subject?.message && t(errors.subject.message, { max: TICKET_SUBJECT_MAX })}
                {...form.register('subject')}
              />
              <Textarea
                label={t('help.descriptionField')}
                withAsterisk
                rows={8}
                maxLength={TICKET_DESCRIPTION_MAX}
                error={errors.description?.message && t(errors.description.message, { max: TICKET_DESCRIPTION_MAX })}
                {...form.register('description')}
              />
              <Controller
                control={form.control}
                name="attachment"
                render={({ field }) => (
                  <FileInput
                    label={t('help.attachment')}
                    description={t('help.attachmentHint')}
                    accept={ACCEPT}
                    clearable
                    leftSection={<IconPaperclip size={16} aria-hidden />}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.attachment?.message && t(errors.attachment.message)}
                    data-testid="help-attachment"
                  />
                )}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending}>
                  {t('help.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <OwnTickets />
      </Stack>
    </Stack>
  );
}

function OwnTickets() {
  const { t } = useTranslation();
  const state = useTableState({ prefix: 'tickets' });
  const { page, size } = pageParams(state);
  const list = useOwnTickets(page, size);
  const columns: Column<Ticket>[] = [
    { key: 'id', header: t('help.fields.number'), width: 90, render: (r) => `#${r.id}` },
    { key: 'subject', header: t('help.fields.subject'), render: (r) => r.subject },
    { key: 'createdDate', header: t('help.fields.createdDate'), render: (r) => formatDateTime(r.createdDate) },
    { key: 'status', header: t('help.fields.status'), render: (r) => <TicketStatusBadge status={r.status} /> },
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('help.ownTickets')}
      </Title>
      <DataTable
        label={t('help.ownTickets')}
        columns={columns}
        {...listTableProps(list)}
        rowKey={(r) => r.id}
        state={state}
        emptyMessage={t('help.noTickets')}
      />
      <Text size="xs" c="dimmed">
        {t('help.ownTicketsHint')}
      </Text>
    </Stack>
  );
}
