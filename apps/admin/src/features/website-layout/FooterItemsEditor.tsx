import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { FOOTER_ITEMS_MAX, FOOTER_TEXT_MAX, footerItemInput } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../components/ProblemAlert';
import { serverError } from './serverError';
import { useSaveFooterItems } from './websiteLayout.hooks';

export interface FooterDraft {
  id?: number;
  text: string;
  publicUrl: string;
}

const urlOk = (url: string) => footerItemInput.shape.publicUrl.safeParse(url).success;

/** The unit's footer links: add, reorder with the arrows, remove; saved as one list. */
export function FooterItemsEditor({
  unitId,
  items,
  onChange,
  onSaved,
  inherited,
}: {
  unitId: number;
  items: FooterDraft[];
  onChange: (items: FooterDraft[]) => void;
  /** The items of a save that succeeded. */
  onSaved: (items: FooterDraft[]) => void;
  inherited: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveFooterItems(unitId);
  const set = (i: number, patch: Partial<FooterDraft>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const invalid = items.some((it) => !it.text.trim() || !urlOk(it.publicUrl));
  const submit = () => {
    const sent = items;
    save.mutate(
      sent.map((it, i) => ({
        id: it.id,
        businessUnitId: unitId,
        text: it.text.trim(),
        publicUrl: it.publicUrl.trim(),
        visualizationOrder: i + 1,
      })),
      { onSuccess: () => onSaved(sent) },
    );
  };
  return (
    <Stack gap="xs">
      {inherited && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('websiteLayout.footer.inherited')}
        </Text>
      )}
      {items.map((it, i) => (
        <Group key={it.id ?? `new-${i}`} align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            label={t('websiteLayout.footer.text', { n: i + 1 })}
            value={it.text}
            maxLength={FOOTER_TEXT_MAX}
            onChange={(e) => set(i, { text: e.currentTarget.value })}
            error={!it.text.trim() ? t('websiteLayout.footer.textRequired') : undefined}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('websiteLayout.footer.url', { n: i + 1 })}
            value={it.publicUrl}
            onChange={(e) => set(i, { publicUrl: e.currentTarget.value })}
            error={it.publicUrl && !urlOk(it.publicUrl.trim()) ? t('websiteLayout.footer.invalidUrl') : undefined}
            style={{ flex: 2 }}
          />
          <Group gap={2} mt={26} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('websiteLayout.footer.up', { n: i + 1 })}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('websiteLayout.footer.down', { n: i + 1 })}
              disabled={i === items.length - 1}
              onClick={() => move(i, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('websiteLayout.footer.remove', { n: i + 1 })}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {save.error && <ProblemAlert>{serverError(t, save.error)}</ProblemAlert>}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={items.length >= FOOTER_ITEMS_MAX}
          onClick={() => onChange([...items, { text: '', publicUrl: 'https://' }])}
        >
          {t('websiteLayout.footer.add')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={invalid}>
          {t('websiteLayout.footer.save')}
        </Button>
      </Group>
    </Stack>
  );
}
