/** Injected clock: tests pass their own instead of waiting (docs/decisions/007-injected-clock.md). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
