import type { ChatConfig } from '@aula/contracts';

/** The types a chat file may have, by the name GET /api/matrix/config lists them under (decision 070). */
const NAME_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.oasis.opendocument.text': 'OpenDocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument',
};

/** Whether the chat takes this type: GET /api/matrix/config lists its name (never the type itself). */
function allows(allowed: readonly string[], type: string): boolean {
  const name = NAME_OF_TYPE[type];
  return name !== undefined && allowed.includes(name);
}

/** The file input's `accept`: the exact types of the allowed names. */
export function acceptOf(allowed: readonly string[]): string | undefined {
  const types = Object.keys(NAME_OF_TYPE).filter((type) => allows(allowed, type));
  return types.length > 0 ? types.join(',') : undefined;
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
  if (file.type && config.uploadTypes.length > 0 && !allows(config.uploadTypes, file.type))
    return { code: 'upload.invalid_type', params: { allowed: config.uploadTypes.join(', ') } };
  return null;
}
