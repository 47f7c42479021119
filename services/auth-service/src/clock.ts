/**
 * Every time-based rule (sessions, lockout, challenges, TOTP steps, rate windows) reads this
 * clock and passes the time to SQL as a parameter, so tests can move time instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
