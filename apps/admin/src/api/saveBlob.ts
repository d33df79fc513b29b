/**
 * Offers a blob the admin fetched (with its token) to the browser as a download under `fileName`.
 * The object URL is released a little later, once the browser has taken the download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
