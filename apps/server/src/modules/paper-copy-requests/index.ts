/** What the public site calls for its paper-copy form (issue 12; decisions 0041, 0044). */

export { paperCopyConfirmationMail } from './paper-copy-requests.mail.js';
export { requestPaperCopy } from './paper-copy-requests.service.js';
