/** What the public site calls for its paper-copy form (issue 12; decision 0041). */
export { requestPaperCopy } from './paper-copy-requests.service.js';
