import type { Ctx } from '../../context.ts';
export const f = (ctx: Ctx): number => ctx.schoolId;
