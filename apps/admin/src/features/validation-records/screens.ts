import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/**
 * general settings → qualification documents (issue 24, decision 0077): the customer's IQ/OQ/PQ
 * documents listed on the validation records page; VALIDATION_RECORDS_MANAGE, in the menu while
 * the validation records are active (as the administration menu's validation records are).
 */
export const validationRecordScreens = defineScreens([
  {
    path: '/general-settings/qualification-documents',
    rights: ['VALIDATION_RECORDS_MANAGE'],
    page: lazyPage(() => import('./QualificationDocumentsPages'), 'QualificationDocumentsPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'qualification-documents',
        labelKey: 'shell.menu.qualificationDocuments',
        order: 30,
        when: (f) => f.validationRecordsActive,
      },
    ],
  },
]);
