import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { PageLanguage } from '../view-models.js';

export interface SitesPageProps {
  language: PageLanguage;
  t: Texts;
  /** The units' published websites, by name. */
  sites: { name: string; url: string }[];
}

/** `/site` alone: every unit's published website (decision 0048), never a dead end. */
export function SitesPage({ language, t, sites }: SitesPageProps) {
  return (
    <Layout unit={null} language={language} t={t} title={t('sites.title')}>
      <h1>{t('sites.title')}</h1>
      {sites.length === 0 ? (
        <p>{t('sites.none')}</p>
      ) : (
        <>
          <p>{t('sites.intro')}</p>
          <ul className="site-list">
            {sites.map((s) => (
              <li key={s.url}>
                <a href={s.url}>{s.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Layout>
  );
}
