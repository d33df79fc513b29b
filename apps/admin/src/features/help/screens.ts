import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Help (spec 000 §2): the ticket form for any signed-in user; the vendor's support staff read every ticket (decision 0073). */
export const helpScreens = defineScreens([
  {
    path: '/help',
    page: lazyPage(() => import('./HelpPages'), 'HelpPage'),
  },
  {
    path: '/general-settings/tickets',
    rights: ['QARAD_USER'],
    page: lazyPage(() => import('./HelpPages'), 'TicketsPage'),
    menu: [{ menu: 'general-settings', section: 'manufacturer-management', id: 'tickets', labelKey: 'shell.menu.tickets', order: 95 }],
  },
]);
