import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_RESTRICTED_EMAILS } from '@vellum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addEmails } from './emailList';

/**
 * An editable list of e-mail addresses (restricted groups, document search access): type or paste
 * one or many (separated by commas, semicolons, spaces or new lines) and add them; each is checked
 * as the server checks it. Invalid ones stay in the box, named in the message; duplicates are
 * skipped; at most 1,000.
 */
export function EmailListEditor({
  value,
  onChange,
  label,
  readOnly,
  error,
}: {
  value: string[];
  onChange: (emails: string[]) => void;
  label: string;
  readOnly?: boolean;
  /** A message about the list as a whole (a server error). */
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [info, setInfo] = useState<string | undefined>();
  const countId = useId();

  const add = () => {
    const result = addEmails(value, text, MAX_RESTRICTED_EMAILS);
    if (result.added.length) onChange(result.emails);
    // what could not be added stays in the box, to be corrected
    setText([...result.invalid, ...result.overLimit].join('\n'));
    const problems: string[] = [];
    if (result.invalid.length) {
      problems.push(t('restrictedAccess.emails.invalid', { count: result.invalid.length, emails: result.invalid.join(', ') }));
    }
    if (result.overLimit.length)
      problems.push(t('restrictedAccess.emails.tooMany', { max: MAX_RESTRICTED_EMAILS, count: result.overLimit.length }));
    if (!result.added.length && !result.invalid.length && !result.duplicates && !result.overLimit.length) {
      problems.push(t('restrictedAccess.emails.empty'));
    }
    setProblem(problems.length ? problems.join(' ') : undefined);
    const notes: string[] = [];
    if (result.added.length) notes.push(t('restrictedAccess.emails.added', { count: result.added.length }));
    if (result.duplicates) notes.push(t('restrictedAccess.emails.duplicates', { count: result.duplicates }));
    setInfo(notes.length ? notes.join(' ') : undefined);
  };

  const remove = (email: string) => {
    onChange(value.filter((e) => e !== email));
    setInfo(t('restrictedAccess.emails.removed', { email }));
  };

  const needle = filter.trim().toLowerCase();
  const shown = needle ? value.filter((e) => e.includes(needle)) : value;

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Stack gap="xs">
          <Textarea
            label={t('restrictedAccess.emails.addLabel', { list: label })}
            description={t('restrictedAccess.emails.addHint')}
            placeholder="name@example.com"
            rows={3}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                add();
              }
            }}
            error={problem}
          />
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!text.trim()}>
              {t('restrictedAccess.emails.add')}
            </Button>
          </Group>
        </Stack>
      )}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {info}
      </Text>
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" mb="xs" gap="sm">
          <Group gap="xs">
            <Text fw={500} size="sm" id={countId}>
              {label}
            </Text>
            <Badge variant="light" color={value.length >= MAX_RESTRICTED_EMAILS ? 'orange' : 'gray'}>
              {t('restrictedAccess.emails.count', { count: value.length, max: MAX_RESTRICTED_EMAILS })}
            </Badge>
          </Group>
          {value.length > 10 && (
            <TextInput
              size="xs"
              aria-label={t('restrictedAccess.emails.filter')}
              placeholder={t('restrictedAccess.emails.filter')}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
            />
          )}
        </Group>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('restrictedAccess.emails.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Table aria-labelledby={countId} striped highlightOnHover verticalSpacing={4}>
              <Table.Tbody>
                {shown.map((email) => (
                  <Table.Tr key={email}>
                    <Table.Td>{email}</Table.Td>
                    {!readOnly && (
                      <Table.Td w={48}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('restrictedAccess.emails.remove', { email })}
                          onClick={() => remove(email)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('restrictedAccess.emails.noMatch')}
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
      </Paper>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
