/** The figures the legal texts quote, in one place so the three legal pages cannot disagree. */
export const LEGAL_TERMS = {
  /** Invoices are due within this many days. */
  paymentDueDays: 30,
  /** Late interest per month (or the legal maximum, whichever is lower). */
  lateInterestPerMonth: '1.5%',
  /** Access may be suspended when payment is this many days late, or more. */
  suspensionAfterDaysLate: 15,
  targetUptime: '99.5%',
  /** A breach not cured within this many days after notice allows termination. */
  breachCureDays: 30,
  /** Customer data is kept this many days after termination, then deleted. */
  dataRetentionDays: 30,
  /** Liability is capped at the amounts paid in this many months. */
  liabilityCapMonths: 12,
  minimumAge: 13,
  governingLaw: 'Israel',
} as const;
