// the notification preview page, loaded as its own chunk
export { NotificationPreviewPage } from './NotificationPreviewPage';
