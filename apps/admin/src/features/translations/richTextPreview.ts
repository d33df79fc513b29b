/** The text of sanitised rich text, for a one-line preview in a table cell. */
export function richTextPreview(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
