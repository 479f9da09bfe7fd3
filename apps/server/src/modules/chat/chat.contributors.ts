// The chat's part of the data export (lib/contributors.ts, decision 084).
import type { ExportContributor } from '../../lib/contributors.ts';
import { chatExport } from './chat-config.service.ts';

/** The chat rooms the user is in, also through a group (decision 072). */
export const chatExportContributor: ExportContributor = { area: 'chat', tables: chatExport };
