import { List, Text } from '@mantine/core';
import type { SiteChange } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../i18n/format';

/** What changed in a part, in words: field labels, language names, content block kinds, or the names the server sent. */
export function siteChangeItems(t: TFunction, change: SiteChange): string[] {
  switch (change.part) {
    case 'settings':
    case 'manufacturer':
    case 'layout':
      return change.items.map((k) => t([`publishing.siteChanges.fields.${k}`, `businessUnits.fields.${k}`], { defaultValue: k }) as string);
    case 'languages':
    case 'translations':
      return change.items.map(languageName);
    case 'contentBlocks':
      return change.items.map((k) => t(`publishing.siteChanges.contentBlockTypes.${k}`, { defaultValue: k }) as string);
    default:
      return change.items.map((k) => (k === 'order' ? (t('publishing.siteChanges.fields.order') as string) : k));
  }
}

/** The parts' names for a sentence: "Layout, Translations". */
export const sitePartNames = (t: TFunction, changes: SiteChange[]) =>
  changes.map((c) => t(`publishing.siteChanges.parts.${c.part}`) as string).join(', ');

/** Each changed part of the website with what changed in it ("Layout: Main colour, Custom CSS"). */
export function SiteChangesList({ changes }: { changes: SiteChange[] }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2} aria-label={t('publishing.siteChanges.label')} data-testid="site-changes">
      {changes.map((c) => {
        const items = siteChangeItems(t, c);
        return (
          <List.Item key={c.part}>
            <Text span size="sm" fw={600}>
              {t(`publishing.siteChanges.parts.${c.part}`)}
            </Text>
            {items.length > 0 && `: ${items.join(', ')}`}
          </List.Item>
        );
      })}
    </List>
  );
}
