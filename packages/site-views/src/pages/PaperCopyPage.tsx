import type { ReactNode } from 'react';
import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, FormFieldView, PageLanguage, PaperCopyDocumentView, PaperCopyFormView, UnitView } from '../view-models.js';
import { FileSummary } from './FileSummary.js';

interface PaperCopyFrame {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
}

export interface PaperCopyPageProps extends PaperCopyFrame {
  document: PaperCopyDocumentView;
  form: PaperCopyFormView;
}

/** The attributes a control gets from its field: its name, value and, when refused, its message by aria-describedby. */
function controlOf(id: string, field: FormFieldView) {
  return {
    id,
    name: id,
    required: true,
    defaultValue: field.value,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.error ? `${id}-error` : undefined,
  };
}

/** A labelled control with its message beside it. */
function Field({ id, label, field, children }: { id: string; label: string; field: FormFieldView; children: ReactNode }) {
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {field.error && (
        <span className="field-error" id={`${id}-error`}>
          {field.error}
        </span>
      )}
      {children}
    </p>
  );
}

function TextField(p: {
  id: string;
  label: string;
  field: FormFieldView;
  type?: 'text' | 'email';
  autoComplete: string;
  maxLength: number;
}) {
  return (
    <Field id={p.id} label={p.label} field={p.field}>
      <input {...controlOf(p.id, p.field)} type={p.type ?? 'text'} maxLength={p.maxLength} autoComplete={p.autoComplete} />
    </Field>
  );
}

function SelectField(p: {
  id: string;
  label: string;
  field: FormFieldView;
  options: { isoCode: string; name: string }[];
  autoComplete?: string;
}) {
  return (
    <Field id={p.id} label={p.label} field={p.field}>
      <select {...controlOf(p.id, p.field)} autoComplete={p.autoComplete}>
        {p.options.map((o) => (
          <option key={o.isoCode} value={o.isoCode}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * `/site/{bu}/files/{fileId}/paper-copy`: the form asking for a free paper copy (EU 2021/2226),
 * sent with POST to itself. A refused form comes back with the values kept and a message beside
 * each field to correct. The trap field is hidden by the style sheet: people never fill it.
 */
export function PaperCopyPage({ unit, language, t, choice, audienceName, document: d, form }: PaperCopyPageProps) {
  const f = form.fields;
  return (
    <Layout unit={unit} language={language} t={t} title={t('paperCopy.title')} choice={choice} audienceName={audienceName}>
      <h1>{t('paperCopy.title')}</h1>
      <p>{t('paperCopy.intro')}</p>
      <FileSummary d={d} t={t} />
      <form className="paper-copy" method="post" action={form.action} noValidate>
        {form.problem && (
          <p className="form-error" role="alert">
            {form.problem}
          </p>
        )}
        <input type="hidden" name="token" value={form.token} />
        <TextField id="name" label={t('paperCopy.name')} field={f.name} autoComplete="name" maxLength={100} />
        <TextField id="street" label={t('paperCopy.street')} field={f.street} autoComplete="address-line1" maxLength={200} />
        <TextField id="postcode" label={t('paperCopy.postcode')} field={f.postcode} autoComplete="postal-code" maxLength={20} />
        <TextField id="city" label={t('paperCopy.city')} field={f.city} autoComplete="address-level2" maxLength={100} />
        <SelectField id="country" label={t('paperCopy.country')} field={f.country} options={form.countries} autoComplete="country" />
        <TextField id="email" type="email" label={t('paperCopy.email')} field={f.email} autoComplete="email" maxLength={254} />
        <SelectField id="language" label={t('paperCopy.language')} field={f.language} options={form.languages} />
        <p className="paper-copy__trap" aria-hidden="true">
          <label htmlFor="homepage">{t('paperCopy.trap')}</label>
          <input id="homepage" name="homepage" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </p>
        <p className="paper-copy__privacy">{t('paperCopy.privacy')}</p>
        <p className="actions">
          <button type="submit">{t('paperCopy.submit')}</button> <a href={d.backUrl}>{t('download.confirmation.cancel')}</a>
        </p>
      </form>
    </Layout>
  );
}

export interface PaperCopySentPageProps extends PaperCopyFrame {
  document: PaperCopyDocumentView;
  /** Whether the confirmation e-mail went out. */
  mailed: boolean;
  /** A preview: nothing was recorded. */
  preview: boolean;
}

/** `…/paper-copy/sent`: the request is recorded; free, posted within 7 days, e-mail sent (or not). */
export function PaperCopySentPage({ unit, language, t, choice, audienceName, document: d, mailed, preview }: PaperCopySentPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('paperCopy.sent.title')} choice={choice} audienceName={audienceName}>
      <h1>{t('paperCopy.sent.title')}</h1>
      {preview ? (
        <p className="form-error">{t('paperCopy.sent.preview')}</p>
      ) : (
        <>
          <p>{t('paperCopy.sent.body')}</p>
          <p>{mailed ? t('paperCopy.sent.mailed') : t('paperCopy.sent.notMailed')}</p>
        </>
      )}
      <FileSummary d={d} t={t} />
      <p>
        <a href={d.backUrl}>{t('navigation.back')}</a>
      </p>
    </Layout>
  );
}

export interface PaperCopyRefusedPageProps extends PaperCopyFrame {
  reason: 'tooMany' | 'refused';
  backUrl: string;
}

/** A sending refused as a whole: too many requests (429) or not sent from this site (403). */
export function PaperCopyRefusedPage({ unit, language, t, choice, audienceName, reason, backUrl }: PaperCopyRefusedPageProps) {
  const title = reason === 'tooMany' ? t('paperCopy.tooMany.title') : t('paperCopy.refused.title');
  return (
    <Layout unit={unit} language={language} t={t} title={title} choice={choice} audienceName={audienceName}>
      <h1>{title}</h1>
      <p>{reason === 'tooMany' ? t('paperCopy.tooMany.body') : t('paperCopy.refused.body')}</p>
      <p>
        <a href={backUrl}>{t('navigation.back')}</a>
      </p>
    </Layout>
  );
}
