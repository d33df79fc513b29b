/**
 * The public website's views (issue 12): React components rendered to HTML on the server by the
 * server's `site` module, which answers every question through the public read model. Pages work
 * without JavaScript; they never read admin data.
 */
export { renderHtml } from './render.js';
