import { publishingPatterns } from '../../paths/publishing';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Publishing (spec 001 §2: needs PUBLISH; the history alone is readable with AUDIT_LOG_PUBLISH_READ, decision 0037). */
export const publishingScreens = defineScreens([
  {
    path: publishingPatterns.publish,
    rights: ['PUBLISH', 'AUDIT_LOG_PUBLISH_READ'],
    scope: 'business-unit',
    page: lazyPage(() => import('./PublishingPages'), 'PublishPage'),
    menu: [
      { menu: 'top-bar', id: 'publish', labelKey: 'shell.menu.publish', order: 30, rights: ['PUBLISH'] },
      // the publication history, read-only for those who may read the publishing audit logs but not
      // publish (holders of PUBLISH reach it through the top bar's Publish)
      {
        menu: 'administration',
        id: 'publications',
        labelKey: 'shell.menu.publications',
        order: 50,
        rights: ['AUDIT_LOG_PUBLISH_READ'],
        unlessRights: ['PUBLISH'],
      },
    ],
  },
]);
