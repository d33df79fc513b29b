import { Text } from '@mantine/core';
import type { SitemapEntry } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Barcode } from './Barcode';
import classes from './Sitemap.module.css';

/** What a label says it is for: the product type and key code, or the document's number and name. */
export function entryTitle(e: SitemapEntry): string {
  return e.kind === 'PRODUCT'
    ? `${e.keyCode ?? ''}${e.productTypeName ? ` (${e.productTypeName})` : ''}`
    : `${e.documentNumber} – ${e.documentName}`;
}

/** The label sheet of the listed entries (only those with a URL): QR code, GS1 DataMatrix, what and where; printed alone. */
export function SitemapLabels({ entries }: { entries: SitemapEntry[] }) {
  const { t } = useTranslation();
  const printable = entries.filter((e) => e.url !== null);
  if (printable.length === 0) return <Text c="dimmed">{t('sitemap.labels.none')}</Text>;
  return (
    <section className={classes.sheet} aria-label={t('sitemap.labels.sheet')}>
      {printable.map((e) => (
        <article key={`${e.kind}-${e.id}`} className={classes.label}>
          <Text size="sm" fw={600}>
            {entryTitle(e)}
          </Text>
          <div className={classes.codes}>
            <Barcode kind="qrcode" value={e.url as string} label={t('sitemap.qrOf', { url: e.url })} />
            {e.elementString && (
              <Barcode kind="gs1datamatrix" value={e.elementString} label={t('sitemap.dataMatrixOf', { code: e.elementString })} />
            )}
          </div>
          {e.elementString && <Text size="xs">{e.elementString}</Text>}
          <span className={classes.url}>{e.url}</span>
        </article>
      ))}
    </section>
  );
}
