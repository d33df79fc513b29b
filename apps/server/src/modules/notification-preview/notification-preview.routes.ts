import { notificationPreviewApi as api } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { listNotificationKinds, renderNotification, sendNotificationSample } from './notification-preview.service.js';

/** general-settings → notification preview: guarded by the right of the manufacturer's settings (issue 24). */
const RIGHT = 'MANUFACTURER_MANAGE';

export const notificationPreviewRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  route(app, api.list, { access: { right: RIGHT } }, () => listNotificationKinds(deps));
  route(app, api.get, { access: { right: RIGHT } }, (req) => renderNotification(deps, req.params.kind, req.query.language));
  route(app, api.send, { access: { right: RIGHT } }, async (req, reply) => {
    const sent = await sendNotificationSample(deps, authOf(req), req.params.kind, req.query.language);
    alert(reply, 'vellumApp.notificationPreview.sent', sent.to);
    return sent;
  });
};
