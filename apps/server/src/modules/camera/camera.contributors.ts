// The camera's part of the data export (lib/contributors.ts, decision 084).
import type { ExportContributor } from '../../lib/contributors.ts';
import { cameraExport } from './camera.service.ts';

/** Camera pictures of the user that others took: their files (decision 063). */
export const cameraExportContributor: ExportContributor = { area: 'camera', tables: cameraExport };
