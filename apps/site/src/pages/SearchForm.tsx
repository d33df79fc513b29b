/** @jsxRuntime automatic */
// (npm start runs the server through tsx from the root, which does not read this workspace's tsconfig)
import type { Texts } from '../texts.js';
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
  return (
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
  );
}
