/**
 * The public forms' client field rules (each field's checks and messages, after sanitizing) and
 * which fields each form checks.
 * Messages are the spec's, word for word, and live only in CLIENT_MESSAGES. The server applies its
 * own schemas (public-api.ts); these rules are written so that what they accept, the server accepts.
 *
 * Every validator takes what the visitor typed and answers null (valid) or the first failing rule's
 * message, in the table's order: required, invalid characters or content, over the limit, shape.
 */
import { z } from 'zod';
import { MAX_LENGTHS, MESSAGE_MIN_LENGTH, OTP_LENGTH, PLAY_STORE_PREFIX } from './constants.js';
import { isChangedBySanitizing, sanitizeInput, type SanitizeOptions } from './sanitizer.js';
import { hasForbiddenCharacters } from './text-guards.js';

export const CLIENT_MESSAGES = {
  email: {
    required: 'Email is required',
    invalidCharacters: 'Email contains invalid characters',
    tooLong: `Email must be less than ${MAX_LENGTHS.email} characters`,
    invalidFormat: 'Invalid email format',
  },
  name: {
    required: 'Name is required',
    invalidCharacters: 'Name contains invalid characters',
    tooLong: `Name must be less than ${MAX_LENGTHS.name} characters`,
    invalidFormat: 'Name can only contain letters, spaces, hyphens, apostrophes, and periods',
  },
  company: {
    invalidCharacters: 'Company name contains invalid characters',
    tooLong: `Company name must be less than ${MAX_LENGTHS.company} characters`,
  },
  message: {
    required: 'Message is required',
    invalidContent: 'Message contains invalid content',
    tooLong: `Message must be less than ${MAX_LENGTHS.message} characters`,
    /** The server's minimum length of a message, checked by the contact form only. */
    tooShort: `Message must be at least ${MESSAGE_MIN_LENGTH} characters`,
  },
  subject: {
    required: 'Subject is required',
    invalidCharacters: 'Subject contains invalid characters',
    tooLong: `Subject must be less than ${MAX_LENGTHS.subject} characters`,
  },
  vpnName: {
    required: 'VPN name is required',
    invalidCharacters: 'VPN name contains invalid characters',
    tooLong: `VPN name must be less than ${MAX_LENGTHS.vpnName} characters`,
    invalidFormat: 'VPN name can only contain letters, numbers, spaces, hyphens, underscores, and periods',
  },
  playstoreLink: {
    required: 'Play Store URL is required',
    tooLong: `URL must be less than ${MAX_LENGTHS.url} characters`,
    invalidFormat: 'Invalid URL format',
    notPlayStore: `Must be a valid Google Play Store URL starting with ${PLAY_STORE_PREFIX}`,
  },
  useCase: {
    invalidContent: 'Use case contains invalid content',
    tooLong: `Use case must be less than ${MAX_LENGTHS.useCase} characters`,
  },
  otpCode: {
    required: 'OTP code is required',
    wrongLength: `OTP code must be exactly ${OTP_LENGTH} digits`,
    notNumeric: 'OTP code must contain only numbers',
  },
  /** The secure contact form's toast when a submit fails validation. */
  form: {
    validationErrorTitle: 'Validation Error',
    validationErrorDescription: 'Please correct the errors below and try again.',
  },
} as const;

/**
 * How each field is sanitized. Single-line fields collapse whitespace (a pasted tab becomes a
 * space); messages keep their line breaks.
 */
export const FIELD_SANITIZE_OPTIONS = {
  email: { maxLength: MAX_LENGTHS.email },
  name: { maxLength: MAX_LENGTHS.name },
  company: { maxLength: MAX_LENGTHS.company },
  message: { maxLength: MAX_LENGTHS.message, preserveSpacing: true },
  subject: { maxLength: MAX_LENGTHS.subject },
  vpnName: { maxLength: MAX_LENGTHS.vpnName },
  playstoreLink: { maxLength: MAX_LENGTHS.url },
  useCase: { maxLength: MAX_LENGTHS.useCase },
  otpCode: { maxLength: OTP_LENGTH },
} as const satisfies Record<string, SanitizeOptions>;

/** Form values as a UI holds them; a missing optional field may be undefined or null. */
export type FieldValue = string | null | undefined;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

// The server's own e-mail pattern (public-api.ts). It contains the spec's client shape (an @, a
// dotted domain, no spaces) and is stricter, so the client never accepts what the server refuses.
const EMAIL_SHAPE = z.regexes.email;
// Letters of any script, with their combining marks (decomposed accents, Indic vowel signs), so
// "José", "Zoë" and "Nguyễn" are names. Apostrophes: the ASCII one and the typographic ’ that phone
// keyboards insert.
const NAME_SHAPE = /^[\p{L}\p{M} '’.-]+$/u;
const COMPANY_SHAPE = /^[\p{L}\p{M}\p{Nd} '’.,&-]+$/u;
const VPN_NAME_SHAPE = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;
const OTP_SHAPE = /^[0-9]+$/;

interface TextRule {
  sanitize: SanitizeOptions;
  /** Absent for optional fields: a blank value is then valid. */
  required?: string;
  /** A value that sanitizing changed (markup or active content removed) is refused with this message. */
  invalidCharacters?: string;
  /** Nothing left after sanitizing refuses the value with this message. */
  invalidContent?: string;
  tooLong: string;
  shape?: { pattern: RegExp; message: string };
}

/**
 * The shared steps of the table. Besides the spec's rules, characters the server refuses (controls,
 * bidi overrides, zero-width characters, lone surrogates: text-guards.ts) are refused here too, with
 * the field's own invalid-characters (or invalid-content) message, which is the wording the server
 * uses, so the visitor learns it before submitting. Lengths count the trimmed value in UTF-16 units,
 * as the server's `.max()` does after trimming. A message saying "less than N" still allows
 * exactly N characters, as the server does.
 */
function checkText(rule: TextRule, value: FieldValue): string | null {
  const raw = asText(value);
  const trimmed = raw.trim();
  if (trimmed === '') return rule.required ?? null;
  const whole = sanitizeInput(raw, { ...rule.sanitize, maxLength: Number.POSITIVE_INFINITY });

  if (rule.invalidCharacters && isChangedBySanitizing(raw, rule.sanitize)) return rule.invalidCharacters;
  if (rule.invalidContent && sanitizeInput(raw, rule.sanitize) === '') return rule.invalidContent;
  if (hasForbiddenCharacters(whole, rule.sanitize.preserveSpacing === true)) {
    return rule.invalidCharacters ?? rule.invalidContent ?? null;
  }
  if (trimmed.length > rule.sanitize.maxLength) return rule.tooLong;
  if (rule.shape && !rule.shape.pattern.test(whole)) return rule.shape.message;
  return null;
}

export function validateEmail(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.email;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.email,
      required: m.required,
      invalidCharacters: m.invalidCharacters,
      tooLong: m.tooLong,
      shape: { pattern: EMAIL_SHAPE, message: m.invalidFormat },
    },
    value,
  );
}

export function validateName(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.name;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.name,
      required: m.required,
      invalidCharacters: m.invalidCharacters,
      tooLong: m.tooLong,
      shape: { pattern: NAME_SHAPE, message: m.invalidFormat },
    },
    value,
  );
}

/** Optional. A character outside the allowed set gets the same message as a value sanitizing changed. */
export function validateCompany(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.company;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.company,
      invalidCharacters: m.invalidCharacters,
      tooLong: m.tooLong,
      shape: { pattern: COMPANY_SHAPE, message: m.invalidCharacters },
    },
    value,
  );
}

/**
 * Markup in a message is not refused (only a message that sanitizing leaves empty is); the
 * sanitized text, without it, is what the form submits.
 */
export function validateMessage(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.message;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.message,
      required: m.required,
      invalidContent: m.invalidContent,
      tooLong: m.tooLong,
    },
    value,
  );
}

export function validateSubject(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.subject;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.subject,
      required: m.required,
      invalidCharacters: m.invalidCharacters,
      tooLong: m.tooLong,
    },
    value,
  );
}

export function validateVpnName(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.vpnName;
  return checkText(
    {
      sanitize: FIELD_SANITIZE_OPTIONS.vpnName,
      required: m.required,
      invalidCharacters: m.invalidCharacters,
      tooLong: m.tooLong,
      shape: { pattern: VPN_NAME_SHAPE, message: m.invalidFormat },
    },
    value,
  );
}

/** Optional (the waitlist's use case). */
export function validateUseCase(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.useCase;
  return checkText(
    { sanitize: FIELD_SANITIZE_OPTIONS.useCase, invalidContent: m.invalidContent, tooLong: m.tooLong },
    value,
  );
}

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The table has no invalid-characters message for the link, so anything that is not a clean URL,
 * including a value sanitizing would change, is 'Invalid URL format'. Whitespace and the characters
 * of text-guards.ts are refused before parsing because the URL parser would quietly percent-encode
 * them (the server refuses them too).
 */
export function validatePlaystoreLink(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.playstoreLink;
  const raw = asText(value);
  const link = raw.trim();
  if (link === '') return m.required;
  if (link.length > MAX_LENGTHS.url) return m.tooLong;
  if (
    isChangedBySanitizing(raw, FIELD_SANITIZE_OPTIONS.playstoreLink) ||
    /\s/.test(link) ||
    hasForbiddenCharacters(link) ||
    !parsesAsUrl(link)
  ) {
    return m.invalidFormat;
  }
  if (!link.startsWith(PLAY_STORE_PREFIX)) return m.notPlayStore;
  return null;
}

export function validateOtpCode(value: FieldValue): string | null {
  const m = CLIENT_MESSAGES.otpCode;
  const code = asText(value).trim();
  if (code === '') return m.required;
  if (code.length !== OTP_LENGTH) return m.wrongLength;
  if (!OTP_SHAPE.test(code)) return m.notNumeric;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which fields each form checks
// ---------------------------------------------------------------------------------------------

export interface FormValidation<K extends string> {
  isValid: boolean;
  /** Only the fields that fail, each with its first message. */
  errors: Partial<Record<K, string>>;
  /** Every field as the sanitizer leaves it (plain text, never entity-encoded): what a form submits. */
  sanitized: Record<K, string>;
}

type FieldCheck = readonly [
  validate: (value: FieldValue) => string | null,
  value: FieldValue,
  sanitize: SanitizeOptions,
];

function runForm<K extends string>(fields: Record<K, FieldCheck>): FormValidation<K> {
  const errors: Partial<Record<K, string>> = {};
  const sanitized = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) {
    const [validate, value, sanitize] = fields[key];
    const error = validate(value);
    if (error !== null) errors[key] = error;
    sanitized[key] = sanitizeInput(asText(value), sanitize);
  }
  return { isValid: Object.keys(errors).length === 0, errors, sanitized };
}

export interface WaitlistFormInput {
  email: FieldValue;
  company?: FieldValue;
  useCase?: FieldValue;
}

export function validateWaitlistForm(form: WaitlistFormInput): FormValidation<keyof WaitlistFormInput> {
  return runForm({
    email: [validateEmail, form.email, FIELD_SANITIZE_OPTIONS.email],
    company: [validateCompany, form.company, FIELD_SANITIZE_OPTIONS.company],
    useCase: [validateUseCase, form.useCase, FIELD_SANITIZE_OPTIONS.useCase],
  });
}

export interface ContactFormInput {
  name: FieldValue;
  email: FieldValue;
  subject: FieldValue;
  message: FieldValue;
}

/**
 * Beyond the table, a message shorter than the server's minimum is refused here with the server's
 * message, so the visitor is not sent round a code step only to be refused.
 */
export function validateContactForm(form: ContactFormInput): FormValidation<keyof ContactFormInput> {
  const result = runForm({
    name: [validateName, form.name, FIELD_SANITIZE_OPTIONS.name],
    email: [validateEmail, form.email, FIELD_SANITIZE_OPTIONS.email],
    subject: [validateSubject, form.subject, FIELD_SANITIZE_OPTIONS.subject],
    message: [validateMessage, form.message, FIELD_SANITIZE_OPTIONS.message],
  });
  if (!result.errors.message && result.sanitized.message.length < MESSAGE_MIN_LENGTH) {
    result.errors.message = CLIENT_MESSAGES.message.tooShort;
    result.isValid = false;
  }
  return result;
}

export interface VpnRequestFormInput {
  vpnName: FieldValue;
  playstoreLink: FieldValue;
  /** Validated as a message when present (not undefined or null); the page requires it. */
  additionalInfo?: FieldValue;
  /** The request page's e-mail field; validated when present. */
  userEmail?: FieldValue;
}

export function validateVpnRequestForm(form: VpnRequestFormInput): FormValidation<keyof VpnRequestFormInput> {
  const optional = (validate: (value: FieldValue) => string | null) => (value: FieldValue) =>
    value === undefined || value === null ? null : validate(value);
  return runForm({
    vpnName: [validateVpnName, form.vpnName, FIELD_SANITIZE_OPTIONS.vpnName],
    playstoreLink: [validatePlaystoreLink, form.playstoreLink, FIELD_SANITIZE_OPTIONS.playstoreLink],
    additionalInfo: [optional(validateMessage), form.additionalInfo, FIELD_SANITIZE_OPTIONS.message],
    userEmail: [optional(validateEmail), form.userEmail, FIELD_SANITIZE_OPTIONS.email],
  });
}

export interface OtpFormInput {
  email: FieldValue;
  otpCode: FieldValue;
}

export function validateOtpForm(form: OtpFormInput): FormValidation<keyof OtpFormInput> {
  return runForm({
    email: [validateEmail, form.email, FIELD_SANITIZE_OPTIONS.email],
    otpCode: [validateOtpCode, form.otpCode, FIELD_SANITIZE_OPTIONS.otpCode],
  });
}
