/** The API address of a version's binary (default: the current version). */
export const binaryUrl = (fileId: number, versionId?: number, inline = false) => {
  const q = new URLSearchParams();
  if (versionId !== undefined) q.set('file-version', String(versionId));
  if (inline) q.set('disposition', 'inline');
  const qs = q.toString();
  return `/api/files/${fileId}/binary${qs ? `?${qs}` : ''}`;
};
