import type { ChatConfig } from '@aula/contracts';

/** A type as people know it: JPEG, PNG, PDF, DOCX … (the part after the slash, for the rest). */
const NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'text/plain': 'TXT',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
};

export function typeNames(types: readonly string[]): string {
  return types.map((type) => NAMES[type] ?? type.split('/').pop()?.toUpperCase() ?? type).join(', ');
}

export type UploadProblem =
  | { code: 'upload.too_large'; params: { max: number } }
  | { code: 'upload.invalid_type'; params: { allowed: string } };

/**
 * What can be known before sending: the size, and the type the browser names (from the file's name; the server
 * checks the content). A file whose type the browser does not know goes to the server, which decides.
 */
export function checkUpload(
  file: File,
  config: Pick<ChatConfig, 'maxUploadBytes' | 'uploadTypes'>,
): UploadProblem | null {
  if (file.size > config.maxUploadBytes)
    return { code: 'upload.too_large', params: { max: Math.floor(config.maxUploadBytes / 1024 / 1024) } };
  if (file.type && config.uploadTypes.length > 0 && !config.uploadTypes.includes(file.type))
    return { code: 'upload.invalid_type', params: { allowed: typeNames(config.uploadTypes) } };
  return null;
}
