/** GET /api/camera/pictures/:id: the full picture (JPEG), its thumbnail (WebP), or the picture as a download. */
export function pictureUrl(id: number, as: 'full' | 'thumb' | 'download' = 'full'): string {
  const base = `/api/camera/pictures/${id}`;
  if (as === 'thumb') return `${base}?size=thumb`;
  if (as === 'download') return `${base}?download=1`;
  return base;
}
