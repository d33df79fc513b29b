/** The words of the demo's PDF files and file names, in the demo's document languages (decision 0052). */

export type DemoLanguage = 'en' | 'fr' | 'nl' | 'de';

/** What a file's PDF says around its title, in its language. */
export const DEMO_LANGUAGE: Record<
  DemoLanguage,
  { name: string; read: string; version: string; lots: string; world: string; demo: string; restOfTheWorld: string }
> = {
  en: {
    name: 'English',
    read: 'Read these instructions carefully before use.',
    version: 'Version',
    lots: 'For lots',
    world: 'For the countries without an edition of their own.',
    demo: 'Demonstration document of Vellum: not for clinical use.',
    restOfTheWorld: 'rest of the world',
  },
  fr: {
    name: 'français',
    read: 'Lisez attentivement cette notice avant utilisation.',
    version: 'Version',
    lots: 'Pour les lots',
    world: 'Pour les pays sans édition propre.',
    demo: 'Document de démonstration de Vellum : ne pas utiliser en clinique.',
    restOfTheWorld: 'reste du monde',
  },
  nl: {
    name: 'Nederlands',
    read: 'Lees deze gebruiksaanwijzing zorgvuldig door vóór gebruik.',
    version: 'Versie',
    lots: 'Voor de loten',
    world: 'Voor de landen zonder eigen uitgave.',
    demo: 'Demonstratiedocument van Vellum: niet voor klinisch gebruik.',
    restOfTheWorld: 'rest van de wereld',
  },
  de: {
    name: 'Deutsch',
    read: 'Lesen Sie diese Gebrauchsanweisung vor der Anwendung sorgfältig.',
    version: 'Version',
    lots: 'Für die Lose',
    world: 'Für die Länder ohne eigene Ausgabe.',
    demo: 'Demonstrationsdokument von Vellum: nicht für den klinischen Gebrauch.',
    restOfTheWorld: 'übrige Welt',
  },
};

/** A kind of document, named in each language (the PDF's title and the file's name). */
export const DEMO_KIND = {
  ifu: { en: 'Instructions for use', fr: "Notice d'utilisation", nl: 'Gebruiksaanwijzing', de: 'Gebrauchsanweisung' },
  technical: { en: 'Technical information', fr: 'Information technique', nl: 'Technische informatie', de: 'Technische Information' },
  surgical: { en: 'Surgical technique', fr: 'Technique chirurgicale', nl: 'Chirurgische techniek', de: 'Operationstechnik' },
} as const satisfies Record<string, Record<DemoLanguage, string>>;

export type DemoKind = keyof typeof DEMO_KIND;
