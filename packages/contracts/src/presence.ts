import { z } from './zod.ts';
import { text } from './text.ts';
import { DEVICE_ID_LENGTH } from './constants.ts';

/** POST /api/users/alive: the 15 s online ping (spec 4.4, 7.4); a tiny answer, the server's time. */
export const AliveResponseSchema = z.object({ now: z.number().int() });
export type AliveResponse = z.infer<typeof AliveResponseSchema>;

/** GET /api/users/online: lara ids seen recently, sent with an ETag so it travels only when it changes. */
export const OnlineListSchema = z.object({ ids: z.array(z.string()) });
export type OnlineList = z.infer<typeof OnlineListSchema>;

/** spec 3.6, 9: a random device id of 9 characters */
export const DeviceIdSchema = text().regex(new RegExp(`^[A-Za-z0-9]{${DEVICE_ID_LENGTH}}$`));
export const StatisticsQuerySchema = z.strictObject({ id: DeviceIdSchema });
