/** Injected wherever time matters, so tests can move time forward instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
