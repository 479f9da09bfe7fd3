// Zod-free (decision 049): the one table of the file kinds Aula takes (issue 33, item 6), read by the server's
// upload checks and by the web app's file inputs (`accept`). The server finds a file's type from its bytes
// (the magic number, as the file-type package names it), never from its name or declared type; the name is
// what users read in the lists of allowed types and in 415 upload.invalid_type. SVG has no magic number:
// the server recognises it by its text and checks it on its own (decision 023).

/** Every type an upload may have, with the name users read. */
export const FILE_KINDS = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/svg+xml': 'SVG',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.oasis.opendocument.text': 'OpenDocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument',
  'application/zip': 'ZIP',
  'audio/mpeg': 'MP3',
  'video/mp4': 'MP4',
} as const;
export type FileMime = keyof typeof FILE_KINDS;

/** The type of SVG, which the server finds by its text rather than a magic number. */
export const SVG_MIME = 'image/svg+xml' satisfies FileMime;

// What each kind of upload takes, in the order its names are listed to users.
const OFFICE = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
] as const satisfies readonly FileMime[];

/** A photo (camera pictures, a sick note's photo, the login background). */
export const PHOTO_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies readonly FileMime[];
/** A tile icon or the school's logo: the raster images and a checked SVG. */
export const ICON_MIMES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  SVG_MIME,
] as const satisfies readonly FileMime[];
/** A download tile's file (decision 053). */
export const DOWNLOAD_MIMES = [
  ...OFFICE,
  'application/zip',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'video/mp4',
] as const satisfies readonly FileMime[];
/** A chat file (decision 070): the photos, PDF and the office documents. */
export const CHAT_MIMES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  ...OFFICE,
] as const satisfies readonly FileMime[];

/** The names of these types as users read them, each once, in order. */
export function fileKindNames(mimes: readonly FileMime[]): string[] {
  return [...new Set(mimes.map((mime) => FILE_KINDS[mime]))];
}

/** Whether `mime` (as found in the bytes) is one of these types. */
export function isFileKind(mimes: readonly FileMime[], mime: string): mime is FileMime {
  return (mimes as readonly string[]).includes(mime);
}
