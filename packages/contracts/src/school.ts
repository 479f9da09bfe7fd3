import { z } from './zod.ts';
import { text } from './text.ts';

// The school's identity (issue 19 item 5, docs/decisions/059-school-identity.md): its name, accent colour and
// logo, shown in the top bar, the page title, the login page and the installed app's name.

export const MAX_SCHOOL_NAME = 80;
/** WCAG 2.x AA for normal text: the accent carries white text and is text on white surfaces. */
export const MIN_ACCENT_CONTRAST = 4.5;
export const ACCENT_COLOR_RE = /^#[0-9a-f]{6}$/i;

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a #rrggbb colour (WCAG 2.x). */
export function luminance(color: string): number {
  return (
    0.2126 * channel(color.slice(1, 3)) +
    0.7152 * channel(color.slice(3, 5)) +
    0.0722 * channel(color.slice(5, 7))
  );
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio against white rounded down to one decimal, as the error message shows it (4.49 is not 4.5). */
export function accentContrast(color: string): number {
  return Math.floor(contrastRatio(color, '#ffffff') * 10) / 10;
}

/** POST /api/config/school: the name (empty: the product name shows) and the accent ('' for the default). */
export const SchoolIdentityRequestSchema = z.strictObject({
  name: text().trim().max(MAX_SCHOOL_NAME),
  accent: z.union([z.literal(''), z.string().regex(ACCENT_COLOR_RE, 'a colour as #rrggbb')]),
});
export type SchoolIdentityRequest = z.infer<typeof SchoolIdentityRequestSchema>;

/**
 * GET /api/config/school, for visitors too: the identity, the logo's versioned URL (or null), and whether
 * mail leaves the server (without a mail transport a reset code cannot reach anyone: issue 19 item 6).
 */
export const SchoolIdentitySchema = z.object({
  name: z.string(),
  accent: z.string(),
  logoUrl: z.string().nullable(),
  mailTransport: z.boolean(),
});
export type SchoolIdentity = z.infer<typeof SchoolIdentitySchema>;
