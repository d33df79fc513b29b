import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenPreview } from './publishing.hooks';

/**
 * Opens the public website as a visitor would see it, in a new tab (decision 0042): the unit's
 * unpublished state, or one of its publications. The tab is opened on the click (a tab opened
 * after the answer would be blocked as a pop-up) and sent to the preview's one-time address once
 * it is known; should the browser refuse the tab, this one goes there.
 */
export function PreviewButton({
  businessUnitId,
  publication,
  compact = false,
}: {
  businessUnitId: number;
  /** A publication to show, by id and number; the unpublished state without it. */
  publication?: { id: number; number: number };
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const open = useOpenPreview();
  const label = publication ? t('publishing.preview.publication', { number: publication.number }) : t('publishing.preview.draft');

  const start = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    open.mutate(
      { businessUnitId, publicationId: publication?.id ?? null },
      {
        onSuccess: (link) => {
          if (tab) tab.location.href = link.url;
          else window.location.assign(link.url);
        },
        onError: () => tab?.close(),
      },
    );
  };

  if (compact) {
    return (
      <Tooltip label={label} openDelay={500}>
        <ActionIcon variant="subtle" onClick={start} loading={open.isPending} aria-label={label} data-testid="preview-button">
          <IconEye size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="default" leftSection={<IconEye size={16} />} onClick={start} loading={open.isPending} data-testid="preview-button">
      {label}
    </Button>
  );
}
