import { CHAT_MIMES, FILE_KINDS, isFileKind, type ChatConfig } from '@aula/contracts';

/**
 * Whether the chat takes this type: GET /api/matrix/config lists its name (never the type itself), the
 * name a chat file's type has in the contracts' file-kind table (decision 070).
 */
function allows(allowed: readonly string[], type: string): boolean {
  return isFileKind(CHAT_MIMES, type) && allowed.includes(FILE_KINDS[type]);
}

/** The file input's `accept`: the exact types of the allowed names. */
export function acceptOf(allowed: readonly string[]): string | undefined {
  const types = CHAT_MIMES.filter((type) => allows(allowed, type));
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
