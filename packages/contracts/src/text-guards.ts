/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/**
 * Characters no honest form value contains: C0/C1 controls (tab and newline aside, which
 * multi-line fields may hold), bidirectional overrides and isolates (used to disguise text),
 * zero-width and BOM characters, and lone surrogates.
 */
const FORBIDDEN_SINGLE_LINE =
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
const FORBIDDEN_MULTI_LINE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export function hasForbiddenCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value) || !value.isWellFormed();
}
