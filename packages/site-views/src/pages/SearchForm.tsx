import { islandScriptUrl } from '../islands/assets.js';
import type { Texts } from '../texts.js';
import { siteUrls } from '../urls.js';
import type { SearchFieldView } from '../view-models.js';

/** The search form of a product type, from its search fields for the audience; sent with GET. */
export function SearchForm({
  action,
  fields,
  t,
  errorFor,
}: {
  action: string;
  fields: SearchFieldView[];
  t: Texts;
  errorFor?: Set<string>;
}) {
  // the scripts that enhance the form (decision 0046): suggestions on partial fields, the camera beside a key-code box
  const textFields = fields.filter((f) => !f.options);
  const typeahead = textFields.some((f) => f.suggest) ? islandScriptUrl('typeahead') : null;
  const scan = textFields.some((f) => f.param === 'keyCode') ? islandScriptUrl('scan') : null;
  return (
    <>
      <form className="search-form" method="get" action={action}>
        {fields.map((f) => {
          const id = `f-${f.param}`;
          const invalid = errorFor?.has(f.param) ?? false;
          return (
            <p className="field" key={f.param}>
              <label htmlFor={id}>
                {f.label}
                {f.mandatory && <span aria-hidden="true"> *</span>}
              </label>
              {f.options ? (
                <select id={id} name={f.param} required={f.mandatory} aria-invalid={invalid || undefined} defaultValue={f.value}>
                  <option value="">—</option>
                  {f.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  name={f.param}
                  type="text"
                  defaultValue={f.value}
                  required={f.mandatory}
                  aria-invalid={invalid || undefined}
                  autoComplete="off"
                  spellCheck={false}
                  data-suggest={typeahead && f.suggest ? siteUrls.suggest(action, f.param) : undefined}
                  data-suggest-count={typeahead && f.suggest ? t('search.suggestions') : undefined}
                  {...(scan && f.param === 'keyCode'
                    ? {
                        'data-scan': t('search.scan'),
                        'data-scan-title': t('search.scan.title'),
                        'data-scan-stop': t('search.scan.stop'),
                        'data-scan-failed': t('search.scan.failed'),
                      }
                    : {})}
                  placeholder={
                    f.param === 'keyCode'
                      ? t('search.keyCode.placeholder')
                      : f.param === 'lot'
                        ? t('search.lotNumber.placeholder')
                        : undefined
                  }
                />
              )}
            </p>
          );
        })}
        <p className="actions">
          <button type="submit">{t('search.submit')}</button> <a href={action}>{t('search.clear')}</a>
        </p>
      </form>
      {typeahead && <script type="module" src={typeahead} defer />}
      {scan && <script type="module" src={scan} defer />}
    </>
  );
}
