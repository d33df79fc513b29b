import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, PageLanguage, UnitView } from '../view-models.js';

/**
 * Proving an e-mail address for restricted documents (decision 0045): the small form on the
 * product and document search pages, the page it answers (always the same, whether or not the
 * address has access), and the page a link from the e-mail opens. Plain POST forms, no script.
 */

/** The form asking for a link, or (verified) who the restricted documents are shown for. */
export interface AccessFormView {
  /** POST here: `email`, `back` and `language`. */
  action: string;
  back: string;
  language: string;
  /** The verified address, shown with a button that forgets it. */
  verifiedEmail: string | null;
  forgetAction: string;
  /**
   * Signing in through the manufacturer's identity provider instead (decision 0075): a plain link
   * that starts the sign-in, and the provider's name; null while the PUBLIC configuration is off.
   */
  sso?: { url: string; provider: string } | null;
  /** The address typed, shown again with the error when it is not an e-mail address. */
  value?: string;
  invalid?: boolean;
}

export function AccessForm({ form, t, headingLevel = 2 }: { form: AccessFormView; t: Texts; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (form.verifiedEmail) {
    return (
      <section className="access" aria-labelledby="access-title">
        <Heading id="access-title">{t('access.title')}</Heading>
        <form method="post" action={form.forgetAction}>
          <p>
            {t('access.verified').replace('{{email}}', form.verifiedEmail)} <input type="hidden" name="back" value={form.back} />
            <button type="submit">{t('access.forget')}</button>
          </p>
        </form>
      </section>
    );
  }
  return (
    <section className="access" aria-labelledby="access-title">
      <Heading id="access-title">{t('access.title')}</Heading>
      <form method="post" action={form.action}>
        <p>{t('access.intro')}</p>
        <input type="hidden" name="back" value={form.back} />
        <input type="hidden" name="language" value={form.language} />
        <p className="field">
          <label htmlFor="access-email">{t('access.email')}</label>
          <input
            id="access-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={form.value ?? ''}
            aria-invalid={form.invalid || undefined}
            aria-describedby={form.invalid ? 'access-email-error' : undefined}
          />
          {form.invalid && (
            <span id="access-email-error" className="form-error">
              {t('access.emailInvalid')}
            </span>
          )}
        </p>
        <p className="actions">
          <button type="submit">{t('access.submit')}</button>
        </p>
      </form>
      {form.sso && (
        <p className="access-sso">
          {t('access.sso.intro')}{' '}
          <a href={form.sso.url} rel="nofollow">
            {t('access.sso.submit').replace('{{provider}}', form.sso.provider)}
          </a>
        </p>
      )}
    </section>
  );
}

interface AccessPageBase {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice?: ChoiceView;
  audienceName?: string;
}

/**
 * `/site/{bu}/_access`: the form on its own (GET), or what a request for a link answers: `sent` in
 * every case where the address was an e-mail address, `tooMany` when rate limited; `ssoFailed`
 * when a sign-in through the identity provider was refused (the form again, nothing said of why).
 */
export function AccessRequestPage(
  p: AccessPageBase & { state: 'form' | 'sent' | 'tooMany' | 'ssoFailed'; form: AccessFormView; backUrl: string },
) {
  const { t } = p;
  const titles = {
    form: t('access.title'),
    sent: t('access.sent.title'),
    tooMany: t('access.tooMany.title'),
    ssoFailed: t('access.sso.failed.title'),
  };
  const title = titles[p.state];
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={title} choice={p.choice} audienceName={p.audienceName}>
      {p.state === 'form' ? (
        <AccessForm form={p.form} t={t} headingLevel={1} />
      ) : p.state === 'ssoFailed' ? (
        <>
          <h1>{title}</h1>
          <p role="alert">{t('access.sso.failed.body')}</p>
          <AccessForm form={p.form} t={t} />
        </>
      ) : (
        <>
          <h1>{title}</h1>
          <p role="status">{p.state === 'sent' ? t('access.sent.body') : t('access.tooMany.body')}</p>
        </>
      )}
      <p>
        <a href={p.backUrl}>{t('navigation.back')}</a>
      </p>
    </Layout>
  );
}

/** `/site/{bu}/_access/{token}`: confirm (a POST uses the link), or the link cannot be used. */
export function AccessConfirmPage(p: AccessPageBase & { action: string | null; homeUrl: string }) {
  const { t } = p;
  const title = p.action ? t('access.confirm.title') : t('access.invalid.title');
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={title}>
      <h1>{title}</h1>
      {p.action ? (
        <form method="post" action={p.action}>
          <p>{t('access.confirm.body')}</p>
          <p className="actions">
            <button type="submit">{t('access.confirm.submit')}</button>
          </p>
        </form>
      ) : (
        <>
          <p>{t('access.invalid.body')}</p>
          <p>
            <a href={p.homeUrl}>{t('navigation.home')}</a>
          </p>
        </>
      )}
    </Layout>
  );
}
