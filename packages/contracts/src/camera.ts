import { text } from './text.ts';
import { z } from './zod.ts';

// spec 1 (camera overview with capture and picture view), 2.2 /app/camera, /app/camera/{laraId}/new,
// /app/camera/{laraId}. The spec shows no calls; ours live under /api/camera (docs/decisions/063-camera.md):
// each person's pictures, taken by themself or by their teacher.

/** The largest photo a phone may send (a 48-megapixel JPEG is about 15 MB). */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** A stored photo's longest side after re-encoding, and its thumbnail's. */
export const PHOTO_MAX_PX = 2048;
export const THUMBNAIL_PX = 320;

/**
 * A person's laraId in a path: a UUID (36 characters) or a demo school's short name. At most 64, well under the
 * router's own limit of 100 (beyond which it answers 414 before any schema is read), so a longer one is a 400.
 */
export const LaraIdParamSchema = z.strictObject({ laraId: text().min(1).max(64) });

export const CameraPersonSchema = z.object({
  id: z.number().int(),
  laraId: z.string(),
  name: z.string(),
  /** 'S' pupil, 'L' teacher */
  type: z.string(),
  /** the caller themself: listed first */
  self: z.boolean(),
  pictureCount: z.number().int(),
  /** the newest picture, for the overview's thumbnail */
  latestPictureId: z.number().int().nullable(),
});
export type CameraPerson = z.infer<typeof CameraPersonSchema>;

/** GET /api/camera: the people the caller may photograph (themself; a teacher the pupils of their groups). */
export const CameraPeopleSchema = z.object({ items: z.array(CameraPersonSchema) });

export const CameraPictureSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  takenBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** whether the caller may delete it (who took it, the person, their teachers, admins) */
  deletable: z.boolean(),
});
export type CameraPicture = z.infer<typeof CameraPictureSchema>;

/** GET /api/camera/{laraId}: one person's pictures, newest first. */
export const CameraGallerySchema = z.object({
  person: CameraPersonSchema,
  pictures: z.array(CameraPictureSchema),
  /** whether the caller may add a picture of this person */
  mayCapture: z.boolean(),
});
export type CameraGallery = z.infer<typeof CameraGallerySchema>;

/** GET /api/camera/pictures/{id}?size=thumb|full (full by default), `download=1` as an attachment. */
export const PictureQuerySchema = z.strictObject({
  size: z.enum(['thumb', 'full']).default('full'),
  download: z.enum(['1']).optional(),
});
