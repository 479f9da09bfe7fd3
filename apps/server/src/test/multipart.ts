// One builder for the multipart bodies the upload tests send (call(…, { form })): the text fields first, in
// order, then the files, as a browser's form sends them; fetch sets the content type with its boundary.

/** A file part: its contents, the name the browser sends, and its declared type (none when left out). */
export interface FilePart {
  data: Buffer | string;
  name: string;
  type?: string;
}

export function multipart(
  fields: Record<string, string> = {},
  files: Record<string, FilePart> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    const contents = typeof file.data === 'string' ? file.data : new Uint8Array(file.data);
    const blob = file.type === undefined ? new Blob([contents]) : new Blob([contents], { type: file.type });
    form.append(name, blob, file.name);
  }
  return form;
}
