import { apiRequest } from '@/lib/api-client';
import { uploadRequest } from '@/lib/upload-request';
export const r = [apiRequest, uploadRequest];
export const f = () => fetch('/api/x');
