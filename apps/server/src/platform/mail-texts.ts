/**
 * The words of every back-office e-mail (welcome, password reset, account locked, exports, help
 * tickets) in each language Vellum writes them in, English first. A recipient's language is their
 * user language setting; a language without its own texts (or a regional variant of one, fr-BE)
 * falls back to its base language, then to English. `{{name}}` marks a value filled in once.
 * The website's own mails (paper copy, restricted-document link) use the website texts instead.
 */
const en = {
  'welcome.subject': 'Your Vellum account',
  'welcome.intro': 'An account was created for you in the Vellum back-office.',
  'reset.subject': 'Vellum password reset',
  'reset.intro': 'A password reset was requested for your Vellum account.',
  'password.choose': 'Choose a new password here (the link is valid for 24 hours and can be used once):',
  'password.link': 'Choose a new password',
  'password.validity': '(the link is valid for 24 hours and can be used once).',
  'password.ignore': 'If you did not expect this mail, you can ignore it.',
  'locked.subject': 'Your Vellum account is locked',
  'locked.what':
    'Your Vellum account was locked after {{attempts}} failed sign-in attempts; the last one came from the address {{address}}.',
  'locked.warning': 'If these attempts were not yours, someone tried to guess your password: tell your administrator.',
  'locked.admin': 'An administrator can unlock it from the user list.',
  'locked.choose': 'Choose a new password here to unlock it (the link is valid for 24 hours and can be used once):',
  'locked.validity': 'to unlock it (the link is valid for 24 hours and can be used once).',
  'export.products': 'the products of {{name}}',
  'export.documents': 'the documents of {{name}}',
  'export.products.noun': 'products',
  'export.documents.noun': 'documents',
  'export.deletedProductTypeProducts': 'the products of a deleted product type',
  'export.unknownUnitDocuments': 'the documents of the business unit',
  'exportReady.subject': 'Your export of {{what}} is ready',
  'exportReady.body': 'The export of {{what}} ({{count}} {{noun}}, {{format}}) that you requested is ready.',
  'exportReady.download': 'Download it, signed in as yourself, within {{days}} days:',
  'exportFailed.subject': 'Your export could not be made',
  'exportFailed.body': 'The export you requested could not be made: {{reason}}',
  'scheduledReady.subject': 'Scheduled export of {{what}}',
  'scheduledReady.body': 'The scheduled export of {{what}} ({{count}} {{noun}}, {{format}}) is ready.',
  'scheduledReady.download':
    'Download it within {{days}} days, signed in to Vellum as the user with this e-mail address ({{to}}) and the right to export in the business unit:',
  'scheduledFailed.subject': 'Scheduled export of {{what}} could not be made',
  'scheduledFailed.body': 'The scheduled export of {{what}} could not be made.',
  'ticket.subject': '[Vellum ticket #{{id}}] {{subject}}',
  'ticket.title': 'Ticket #{{id}}: {{subject}}',
  'ticket.from': 'From: {{login}} <{{email}}>',
  'ticket.sent': 'Sent: {{date}}',
  'ticket.page': 'Page: {{url}}',
  'ticket.helpPage': '(the help page itself)',
  'ticket.unit': 'Business unit: {{unit}}',
  'ticket.global': '(global)',
  'ticketAttachment.subject': '[Vellum ticket #{{id}}] Attachment: {{fileName}}',
  'ticketAttachment.body': 'The attachment of ticket #{{id}} ({{subject}}) from {{login}} <{{email}}>.',
};

export type MailTextKey = keyof typeof en;
type MailCatalog = Record<MailTextKey, string>;

const fr: MailCatalog = {
  'welcome.subject': 'Votre compte Vellum',
  'welcome.intro': 'Un compte a été créé pour vous dans le back-office Vellum.',
  'reset.subject': 'Réinitialisation de votre mot de passe Vellum',
  'reset.intro': 'Une réinitialisation du mot de passe a été demandée pour votre compte Vellum.',
  'password.choose': 'Choisissez un nouveau mot de passe ici (le lien est valable 24 heures et ne peut servir qu’une fois) :',
  'password.link': 'Choisir un nouveau mot de passe',
  'password.validity': '(le lien est valable 24 heures et ne peut servir qu’une fois).',
  'password.ignore': 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
  'locked.subject': 'Votre compte Vellum est verrouillé',
  'locked.what':
    'Votre compte Vellum a été verrouillé après {{attempts}} tentatives de connexion échouées ; la dernière venait de l’adresse {{address}}.',
  'locked.warning':
    'Si ces tentatives ne venaient pas de vous, quelqu’un a essayé de deviner votre mot de passe : prévenez votre administrateur.',
  'locked.admin': 'Un administrateur peut le déverrouiller depuis la liste des utilisateurs.',
  'locked.choose':
    'Choisissez un nouveau mot de passe ici pour le déverrouiller (le lien est valable 24 heures et ne peut servir qu’une fois) :',
  'locked.validity': 'pour le déverrouiller (le lien est valable 24 heures et ne peut servir qu’une fois).',
  'export.products': 'les produits de {{name}}',
  'export.documents': 'les documents de {{name}}',
  'export.products.noun': 'produits',
  'export.documents.noun': 'documents',
  'export.deletedProductTypeProducts': 'les produits d’un type de produit supprimé',
  'export.unknownUnitDocuments': 'les documents de l’unité commerciale',
  'exportReady.subject': 'Votre export de {{what}} est prêt',
  'exportReady.body': 'L’export de {{what}} ({{count}} {{noun}}, {{format}}) que vous avez demandé est prêt.',
  'exportReady.download': 'Téléchargez-le, connecté avec votre propre compte, dans les {{days}} jours :',
  'exportFailed.subject': 'Votre export n’a pas pu être réalisé',
  'exportFailed.body': 'L’export que vous avez demandé n’a pas pu être réalisé : {{reason}}',
  'scheduledReady.subject': 'Export planifié de {{what}}',
  'scheduledReady.body': 'L’export planifié de {{what}} ({{count}} {{noun}}, {{format}}) est prêt.',
  'scheduledReady.download':
    'Téléchargez-le dans les {{days}} jours, connecté à Vellum avec l’utilisateur de cette adresse e-mail ({{to}}) et le droit d’exporter dans l’unité commerciale :',
  'scheduledFailed.subject': 'L’export planifié de {{what}} n’a pas pu être réalisé',
  'scheduledFailed.body': 'L’export planifié de {{what}} n’a pas pu être réalisé.',
  'ticket.subject': '[Ticket Vellum n° {{id}}] {{subject}}',
  'ticket.title': 'Ticket n° {{id}} : {{subject}}',
  'ticket.from': 'De : {{login}} <{{email}}>',
  'ticket.sent': 'Envoyé : {{date}}',
  'ticket.page': 'Page : {{url}}',
  'ticket.helpPage': '(la page d’aide elle-même)',
  'ticket.unit': 'Unité commerciale : {{unit}}',
  'ticket.global': '(globale)',
  'ticketAttachment.subject': '[Ticket Vellum n° {{id}}] Pièce jointe : {{fileName}}',
  'ticketAttachment.body': 'La pièce jointe du ticket n° {{id}} ({{subject}}) de {{login}} <{{email}}>.',
};

const nl: MailCatalog = {
  'welcome.subject': 'Uw Vellum-account',
  'welcome.intro': 'Er is een account voor u aangemaakt in de Vellum-back-office.',
  'reset.subject': 'Uw Vellum-wachtwoord opnieuw instellen',
  'reset.intro': 'Er is gevraagd om het wachtwoord van uw Vellum-account opnieuw in te stellen.',
  'password.choose': 'Kies hier een nieuw wachtwoord (de link is 24 uur geldig en kan één keer worden gebruikt):',
  'password.link': 'Kies een nieuw wachtwoord',
  'password.validity': '(de link is 24 uur geldig en kan één keer worden gebruikt).',
  'password.ignore': 'Als u deze e-mail niet verwachtte, kunt u hem negeren.',
  'locked.subject': 'Uw Vellum-account is geblokkeerd',
  'locked.what': 'Uw Vellum-account is geblokkeerd na {{attempts}} mislukte aanmeldpogingen; de laatste kwam van het adres {{address}}.',
  'locked.warning': 'Als deze pogingen niet van u waren, heeft iemand geprobeerd uw wachtwoord te raden: meld het aan uw beheerder.',
  'locked.admin': 'Een beheerder kan het deblokkeren vanuit de gebruikerslijst.',
  'locked.choose': 'Kies hier een nieuw wachtwoord om het te deblokkeren (de link is 24 uur geldig en kan één keer worden gebruikt):',
  'locked.validity': 'om het te deblokkeren (de link is 24 uur geldig en kan één keer worden gebruikt).',
  'export.products': 'de producten van {{name}}',
  'export.documents': 'de documenten van {{name}}',
  'export.products.noun': 'producten',
  'export.documents.noun': 'documenten',
  'export.deletedProductTypeProducts': 'de producten van een verwijderd producttype',
  'export.unknownUnitDocuments': 'de documenten van de business unit',
  'exportReady.subject': 'Uw export van {{what}} is klaar',
  'exportReady.body': 'De export van {{what}} ({{count}} {{noun}}, {{format}}) die u hebt aangevraagd, is klaar.',
  'exportReady.download': 'Download hem binnen {{days}} dagen, aangemeld als uzelf:',
  'exportFailed.subject': 'Uw export kon niet worden gemaakt',
  'exportFailed.body': 'De export die u hebt aangevraagd, kon niet worden gemaakt: {{reason}}',
  'scheduledReady.subject': 'Geplande export van {{what}}',
  'scheduledReady.body': 'De geplande export van {{what}} ({{count}} {{noun}}, {{format}}) is klaar.',
  'scheduledReady.download':
    'Download hem binnen {{days}} dagen, aangemeld bij Vellum als de gebruiker met dit e-mailadres ({{to}}) en met het recht om te exporteren in de business unit:',
  'scheduledFailed.subject': 'Geplande export van {{what}} kon niet worden gemaakt',
  'scheduledFailed.body': 'De geplande export van {{what}} kon niet worden gemaakt.',
  'ticket.subject': '[Vellum-ticket #{{id}}] {{subject}}',
  'ticket.title': 'Ticket #{{id}}: {{subject}}',
  'ticket.from': 'Van: {{login}} <{{email}}>',
  'ticket.sent': 'Verzonden: {{date}}',
  'ticket.page': 'Pagina: {{url}}',
  'ticket.helpPage': '(de helppagina zelf)',
  'ticket.unit': 'Business unit: {{unit}}',
  'ticket.global': '(globaal)',
  'ticketAttachment.subject': '[Vellum-ticket #{{id}}] Bijlage: {{fileName}}',
  'ticketAttachment.body': 'De bijlage van ticket #{{id}} ({{subject}}) van {{login}} <{{email}}>.',
};

const de: MailCatalog = {
  'welcome.subject': 'Ihr Vellum-Konto',
  'welcome.intro': 'Im Vellum-Backoffice wurde ein Konto für Sie angelegt.',
  'reset.subject': 'Vellum-Passwort zurücksetzen',
  'reset.intro': 'Für Ihr Vellum-Konto wurde das Zurücksetzen des Passworts angefordert.',
  'password.choose': 'Wählen Sie hier ein neues Passwort (der Link ist 24 Stunden gültig und kann einmal verwendet werden):',
  'password.link': 'Neues Passwort wählen',
  'password.validity': '(der Link ist 24 Stunden gültig und kann einmal verwendet werden).',
  'password.ignore': 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  'locked.subject': 'Ihr Vellum-Konto ist gesperrt',
  'locked.what':
    'Ihr Vellum-Konto wurde nach {{attempts}} fehlgeschlagenen Anmeldeversuchen gesperrt; der letzte kam von der Adresse {{address}}.',
  'locked.warning':
    'Wenn diese Versuche nicht von Ihnen stammen, hat jemand versucht, Ihr Passwort zu erraten: Informieren Sie Ihren Administrator.',
  'locked.admin': 'Ein Administrator kann es in der Benutzerliste entsperren.',
  'locked.choose':
    'Wählen Sie hier ein neues Passwort, um es zu entsperren (der Link ist 24 Stunden gültig und kann einmal verwendet werden):',
  'locked.validity': 'um es zu entsperren (der Link ist 24 Stunden gültig und kann einmal verwendet werden).',
  'export.products': 'die Produkte von {{name}}',
  'export.documents': 'die Dokumente von {{name}}',
  'export.products.noun': 'Produkte',
  'export.documents.noun': 'Dokumente',
  'export.deletedProductTypeProducts': 'die Produkte eines gelöschten Produkttyps',
  'export.unknownUnitDocuments': 'die Dokumente der Geschäftseinheit',
  'exportReady.subject': 'Ihr Export ({{what}}) ist fertig',
  'exportReady.body': 'Der von Ihnen angeforderte Export ({{what}}; {{count}} {{noun}}, {{format}}) ist fertig.',
  'exportReady.download': 'Laden Sie ihn innerhalb von {{days}} Tagen herunter, mit Ihrem eigenen Konto angemeldet:',
  'exportFailed.subject': 'Ihr Export konnte nicht erstellt werden',
  'exportFailed.body': 'Der von Ihnen angeforderte Export konnte nicht erstellt werden: {{reason}}',
  'scheduledReady.subject': 'Geplanter Export ({{what}})',
  'scheduledReady.body': 'Der geplante Export ({{what}}; {{count}} {{noun}}, {{format}}) ist fertig.',
  'scheduledReady.download':
    'Laden Sie ihn innerhalb von {{days}} Tagen herunter, bei Vellum angemeldet als der Benutzer mit dieser E-Mail-Adresse ({{to}}) und mit dem Recht, in der Geschäftseinheit zu exportieren:',
  'scheduledFailed.subject': 'Geplanter Export ({{what}}) konnte nicht erstellt werden',
  'scheduledFailed.body': 'Der geplante Export ({{what}}) konnte nicht erstellt werden.',
  'ticket.subject': '[Vellum-Ticket #{{id}}] {{subject}}',
  'ticket.title': 'Ticket #{{id}}: {{subject}}',
  'ticket.from': 'Von: {{login}} <{{email}}>',
  'ticket.sent': 'Gesendet: {{date}}',
  'ticket.page': 'Seite: {{url}}',
  'ticket.helpPage': '(die Hilfeseite selbst)',
  'ticket.unit': 'Geschäftseinheit: {{unit}}',
  'ticket.global': '(global)',
  'ticketAttachment.subject': '[Vellum-Ticket #{{id}}] Anhang: {{fileName}}',
  'ticketAttachment.body': 'Der Anhang von Ticket #{{id}} ({{subject}}) von {{login}} <{{email}}>.',
};

const CATALOGS: Record<string, MailCatalog> = { en, fr, nl, de };

/** The languages the back-office mails are written in; any other falls back to English. */
export const MAIL_LANGUAGES = Object.keys(CATALOGS);
export const MAIL_TEXT_KEYS = Object.keys(en) as MailTextKey[];

/** A mail's words in one language: `t(key, values)` with each `{{name}}` filled in once. */
export type MailT = (key: MailTextKey, values?: Record<string, string | number>) => string;

/** The catalog a language reads: its own, its base language's (fr-BE → fr), or English. */
export function mailLanguage(language: string | null | undefined): string {
  if (!language) return 'en';
  if (Object.hasOwn(CATALOGS, language)) return language;
  const base = language.split('-')[0] ?? '';
  return Object.hasOwn(CATALOGS, base) ? base : 'en';
}

export function mailTexts(language: string | null | undefined): MailT {
  const catalog = CATALOGS[mailLanguage(language)] ?? en;
  // one pass: a value that itself holds "{{…}}" (a ticket's subject) is never filled in again
  return (key, values = {}) =>
    catalog[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
