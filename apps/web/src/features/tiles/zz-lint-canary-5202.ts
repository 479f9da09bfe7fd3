import { layoutQueryKey } from '@/features/tiles/api/get-layout';
export const k = layoutQueryKey;
