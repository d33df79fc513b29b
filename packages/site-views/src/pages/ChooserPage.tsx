import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import { type AudienceSegment, siteUrls } from '../urls.js';
import type { LanguageView, PageLanguage, RegionView, UnitView } from '../view-models.js';

export interface ChooserPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  regions: RegionView[];
  languages: LanguageView[];
  audiences: AudienceSegment[];
  /** Pre-selected values, lower-case (what was sent, the remembered choice, or the browser's languages). */
  selected: { country?: string; language?: string; audience?: AudienceSegment };
  /** The choice sent was incomplete or not offered. */
  invalid: boolean;
  /** Where the visitor was going, carried through the form (a GS1 link opened before any choice, the page a change comes from). */
  hidden?: { name: string; value: string }[];
}

/** `/site/{bu}`: country by interface region, language and audience, sent with GET. */
export function ChooserPage({ unit, language, t, regions, languages, audiences, selected, invalid, hidden }: ChooserPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('country.choose')}>
      <h1>{t('country.choose')}</h1>
      <form className="chooser" method="get" action={siteUrls.home(unit.root)}>
        {hidden?.map((h) => (
          <input key={h.name} type="hidden" name={h.name} value={h.value} />
        ))}
        {invalid && (
          <p className="form-error" role="alert" id="chooser-error">
            {t('error.general')}
          </p>
        )}
        <p className="field">
          <label htmlFor="country">{t('country.choose')}</label>
          <select id="country" name="country" required defaultValue={selected.country ?? ''}>
            <option value="" disabled>
              {t('country.choose')}
            </option>
            {regions.map((r) => (
              <optgroup key={r.name} label={r.name}>
                {r.countries.map((c) => (
                  <option key={c.isoCode} value={c.isoCode.toLowerCase()}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="language">{t('language.choose')}</label>
          <select id="language" name="language" required defaultValue={selected.language ?? language.isoCode}>
            {languages.map((l) => (
              <option key={l.isoCode} value={l.isoCode.toLowerCase()} lang={l.isoCode}>
                {l.nativeName || l.name}
              </option>
            ))}
          </select>
        </p>
        <fieldset className="field">
          <legend>{t('audience.choose')}</legend>
          {audiences.map((a) => (
            <label key={a} className="choice">
              <input type="radio" name="audience" value={a} required defaultChecked={(selected.audience ?? audiences[0]) === a} />{' '}
              {t(a === 'hcp' ? 'audience.hcp' : 'audience.patient')}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t('navigation.next')}</button>
      </form>
    </Layout>
  );
}
