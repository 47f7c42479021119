/**
 * Every time-based rule (code expiry, sessions, lockouts, rate windows, retention) reads this
 * clock and hands the time to SQL as a parameter, so tests move time instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
