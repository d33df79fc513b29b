import { WEBSITE_TEXTS } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../modules/notification-preview/notification-kinds.js';
import { MAIL_LANGUAGES, MAIL_TEXT_KEYS, mailLanguage, mailTexts } from './mail-texts.js';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = mailTexts('en');

describe('the texts of the back-office mails', () => {
  it('are written in English, French, Dutch and German', () => {
    expect(MAIL_LANGUAGES).toEqual(['en', 'fr', 'nl', 'de']);
  });

  it.each(MAIL_LANGUAGES)('%s has every key, with the placeholders of the English text', (language) => {
    const t = mailTexts(language);
    for (const key of MAIL_TEXT_KEYS) {
      const text = t(key);
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english(key)));
      if (language !== 'en' && key.endsWith('.subject')) expect(text, `${language} ${key} is translated`).not.toBe(english(key));
    }
  });

  it('falls back to the base language, then to English', () => {
    expect(mailLanguage('fr-BE')).toBe('fr');
    expect(mailLanguage('es')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
    expect(mailTexts('pt')('welcome.subject')).toBe('Your Vellum account');
  });

  it('fills each placeholder once, never again inside a value', () => {
    const t = mailTexts('en');
    expect(t('ticket.title', { id: 3, subject: '{{id}} x' })).toBe('Ticket #3: {{id}} x');
  });
});

describe('every mail the product sends', () => {
  const sample = { publicUrl: 'https://vellum.example', t: (k: keyof typeof WEBSITE_TEXTS) => WEBSITE_TEXTS[k].en };

  it.each(MAIL_LANGUAGES)('renders in %s with no placeholder left', (language) => {
    for (const kind of NOTIFICATION_KINDS) {
      const mail = kind.render({ ...sample, language });
      const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
      expect(mail.subject.length, kind.key).toBeGreaterThan(0);
      expect(mail.text.length, kind.key).toBeGreaterThan(0);
      expect(all, `${kind.key} ${language}`).not.toMatch(/\{\{\w+\}\}|undefined|\[object/);
    }
  });

  it('keeps the English wording of the back-office mails', () => {
    const en = (key: string) => NOTIFICATION_KINDS.find((k) => k.key === key)?.render({ ...sample, language: 'en' });
    expect(en('export-ready')).toEqual({
      template: 'export-ready',
      subject: 'Your export of the products of Pacemakers is ready',
      text:
        'The export of the products of Pacemakers (42 products, XLSX) that you requested is ready.\n\n' +
        'Download it, signed in as yourself, within 7 days:\nhttps://vellum.example/bulk-exports/1?token=SAMPLE-KEY-0123456789\n',
    });
    expect(en('scheduled-export-failed')?.subject).toBe('Scheduled export of the products of Pacemakers could not be made');
    expect(en('account-locked')?.text).toContain(
      'Your Vellum account was locked after 5 failed sign-in attempts; the last one came from the address 203.0.113.7.',
    );
    expect(en('ticket-created')?.text).toContain('Business unit: 1');
  });

  it('renders a back-office mail in the language', () => {
    const de = NOTIFICATION_KINDS.find((k) => k.key === 'password-reset')?.render({ ...sample, language: 'de' });
    expect(de?.subject).toBe('Vellum-Passwort zurücksetzen');
    const nl = NOTIFICATION_KINDS.find((k) => k.key === 'scheduled-export-ready')?.render({ ...sample, language: 'nl' });
    expect(nl?.text).toContain('De geplande export van de producten van Pacemakers (42 producten, XLSX) is klaar.');
  });
});
