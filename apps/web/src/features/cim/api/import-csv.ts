import { useMutation } from '@tanstack/react-query';
import { CimImportResultSchema, type CimImportResult } from '@aula/contracts';
import { uploadRequest } from '@/lib/upload-request';

export interface ImportCsvRequest {
  file: Blob;
  dryRun: boolean;
  /** called with the share of the file sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/cim/import (superadmins): the CSV file as the body; a dry run answers the plan, otherwise
 * the counts of what was applied. Like apiRequest: an expired access token is refreshed once, and
 * 401/418/502/503 are reported to the whole app.
 */
export async function importCsv({ file, dryRun, onProgress }: ImportCsvRequest): Promise<CimImportResult> {
  const url = `/api/cim/import?dryRun=${dryRun}`;
  return CimImportResultSchema.parse(
    await uploadRequest({ url, body: file, contentType: 'text/csv', onProgress }),
  );
}

export function useImportCsv() {
  return useMutation({ mutationFn: importCsv });
}
