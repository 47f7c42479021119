/**
 * The calendar of a dataset: `months` calendar months ending with the month of the reference
 * date (UTC). Month 0 is the oldest. Dates are `YYYY-MM-DD` strings, made once per day.
 */
export class Timeline {
  readonly months: number;
  /** The reference instant: midnight UTC of the reference date. */
  readonly asOf: Date;
  private readonly dates: string[][];
  private readonly starts: number[];

  constructor(asOf: Date, months: number) {
    if (Number.isNaN(asOf.getTime())) throw new Error('invalid reference date');
    this.months = months;
    this.asOf = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), asOf.getUTCDate()));
    this.dates = [];
    this.starts = [];
    for (let m = 0; m < months; m++) {
      const first = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - (months - 1 - m), 1));
      const last = m === months - 1 ? asOf.getUTCDate() : daysInMonth(first);
      this.starts.push(first.getTime());
      const days: string[] = [];
      for (let d = 1; d <= last; d++) days.push(isoDate(first.getTime() + (d - 1) * DAY_MS));
      this.dates.push(days);
    }
  }

  /** Days available in month `m` (the current month ends at the reference date). */
  days(m: number): number {
    return this.dates[m]!.length;
  }

  /** `YYYY-MM-DD` of day `day` (1-based) of month `m`. */
  date(m: number, day: number): string {
    return this.dates[m]![day - 1]!;
  }

  /** `YYYY-MM` of month `m`. */
  month(m: number): string {
    return isoDate(this.starts[m]!).slice(0, 7);
  }

  /** An ISO timestamp `hoursBefore` hours before the reference instant. */
  before(hoursBefore: number): string {
    return new Date(this.asOf.getTime() - hoursBefore * 3_600_000).toISOString();
  }

  /** An ISO timestamp at `hour` (fractional) of day `day` of month `m`. */
  at(m: number, day: number, hour: number): string {
    return new Date(this.starts[m]! + (day - 1) * DAY_MS + hour * 3_600_000).toISOString();
  }
}

const DAY_MS = 86_400_000;

function daysInMonth(first: Date): number {
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today, UTC, as a date. */
export function todayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function parseDate(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error(`expected a date YYYY-MM-DD, got "${text}"`);
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new Error(`not a calendar date: ${text}`);
  }
  return date;
}
