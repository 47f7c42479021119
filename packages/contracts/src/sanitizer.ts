/**
 * The public forms' client-side sanitizer.
 *
 * Pure string functions, no DOM: they run in the browser and in Node alike. The spec lists the
 * steps as trim, cut, strip HTML, entity-encode, remove active content, collapse whitespace. Two
 * departures, both on purpose:
 * - Entity encoding is not part of `sanitizeInput`: it is a display concern (encoding a value
 *   before it is stored would garble it), so it lives in `encodeForDisplay` and sanitized values stay what the visitor typed (O'Brien, AT&T).
 * - Script/iframe/object blocks are removed *before* the generic tag stripper runs; in the spec's
 *   literal order the stripper would already have eaten the tags and left the script body behind.
 */

export interface SanitizeOptions {
  /** The field's maximum length (UTF-16 code units, as `String.length` and zod's `.max()` count). */
  maxLength: number;
  /** Keep whitespace as typed (multi-line fields such as a message); otherwise runs collapse to one space. */
  preserveSpacing?: boolean;
  /** With preserved spacing, turn every line break into a space. */
  newlinesToSpaces?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Active-content patterns. Shared with threat-detector.ts, which flags what these remove.
// ---------------------------------------------------------------------------------------------

// Inside a tag, a quoted attribute value may hold '>' (`title=">"`), so quoted runs are consumed as
// a whole. An unterminated quote or a tag cut off by the end of input runs to the end, which is what
// a browser's parser does with it; matching to the end also keeps every pattern linear-time, since
// each match either ends at '>' or consumes the rest of the string.
const TAG_BODY = String.raw`(?:[^>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*(?:>|$)`;

// script and iframe bodies are raw text to a browser, and object's body is fallback content that may
// itself be active, so the whole block goes, body included. An opening tag without its closing tag
// swallows the rest of the input, as it would in a page. embed is a void element (it has no body),
// so the generic tag stripper below handles it.
const DANGEROUS_BLOCK = new RegExp(
  String.raw`<(script|iframe|object)\b${TAG_BODY}[\s\S]*?(?:<\/\1\b[^>]*(?:>|$)|$)`,
  'gi',
);

// Comments can hide markup from naive strippers (`<!--<script>-->`); they are dropped whole.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

// A tag starts with '<' followed by a letter (`<b>`, `</b>`) or by '!' / '?' (doctype, CDATA,
// processing instructions). '<' followed by anything else is text to a browser, so "I <3 it",
// "a < b" and "x<5" are left alone and do not count as HTML.
const HTML_TAG = new RegExp(String.raw`<(?:\/?[a-zA-Z]|[!?])${TAG_BODY}`, 'g');

/**
 * A URL scheme as a browser reads it: URL parsers delete ASCII tab and newline anywhere in a URL,
 * so `java\tscript:` still runs. Spaces are not deleted (`javascript :` is not a scheme), so
 * ordinary prose with a space before the colon is left alone.
 */
export function schemePattern(scheme: string, flags = 'gi'): RegExp {
  const spread = [...scheme].join('[\\t\\n\\r]*');
  return new RegExp(String.raw`\b${spread}[\t\n\r]*:`, flags);
}

const JAVASCRIPT_SCHEME = schemePattern('javascript');
const VBSCRIPT_SCHEME = schemePattern('vbscript');

// `data:` only counts when a data URL really follows: a media type (`data:text/html`,
// `data:image/svg+xml`) or the bare `,` / `;base64` forms. Prose such as "data: 5 rows",
// "metadata:" or "Data:Sheet" is text, not a URL, and is left alone.
const DATA_URL = /\bdata[\t\n\r]*:(?=[\t\n\r]*(?:[a-z0-9.+-]+\/[a-z0-9.+-]+|[,;]))/gi;

// Event handler attributes are `on` + event name + `=` (onerror=, onload =, onmouseover=). New
// events keep being added to browsers, so any `on<letters>=` counts, except English words that
// merely start with "on" and may be followed by '=' in honest text ("the one= thing", "only=").
// None of these is a handler: handlers are `on` + an event, e.g. the "online" event is `ononline`.
const EVENT_HANDLER = /\bon([a-z]+)\s*=/gi;
const NOT_EVENT_HANDLERS: ReadonlySet<string> = new Set([
  'one',
  'ones',
  'once',
  'only',
  'onto',
  'onset',
  'onsets',
  'onion',
  'onions',
  'online',
  'onward',
  'onwards',
  'ongoing',
  'onus',
  'onboard',
  'onboarding',
  'onsite',
  'onstage',
  'onscreen',
  'onshore',
  'onlooker',
  'onlookers',
  'onslaught',
]);

function isEventHandlerName(word: string): boolean {
  return !NOT_EVENT_HANDLERS.has(word.toLowerCase());
}

/** True when the text holds an `on…=` event handler pattern (see NOT_EVENT_HANDLERS). */
export function containsEventHandler(value: string): boolean {
  for (const match of value.matchAll(EVENT_HANDLER)) {
    if (isEventHandlerName(`on${match[1] ?? ''}`)) return true;
  }
  return false;
}

/**
 * Block removal runs to a fixed point before the generic stripper, so that a block assembled by an
 * earlier removal (`<scr<script></script>ipt>alert(1)</script>`) loses its body too, instead of the
 * stripper taking its tags and leaving `alert(1)` behind.
 */
function removeDangerousBlocks(value: string): string {
  let current = value;
  for (;;) {
    const next = current.replace(DANGEROUS_BLOCK, '');
    if (next === current) return current;
    current = next;
  }
}

/** One pass of every removal that counts as "changed by sanitizing" (see isChangedBySanitizing). */
function removeActiveContentOnce(value: string): string {
  return removeDangerousBlocks(value)
    .replace(HTML_COMMENT, '')
    .replace(HTML_TAG, '')
    .replace(JAVASCRIPT_SCHEME, '')
    .replace(VBSCRIPT_SCHEME, '')
    .replace(DATA_URL, '')
    .replace(EVENT_HANDLER, (match, name: string) => (isEventHandlerName(`on${name}`) ? '' : match));
}

/**
 * Removes until nothing changes, because one removal can assemble another from the pieces around it:
 * stripping `<b>` from `<<b>script>alert(1)` leaves `<script>alert(1)`, which the next pass removes.
 * Every pass that changes the value shortens it, so the loop ends.
 */
function removeActiveContent(value: string): string {
  let current = value;
  for (;;) {
    const next = removeActiveContentOnce(current);
    if (next === current) return current;
    current = next;
  }
}

// ---------------------------------------------------------------------------------------------

/** Cuts to `maxLength` without leaving half of a surrogate pair (an emoji) behind. */
function cutToLength(value: string, maxLength: number): string {
  if (!(maxLength >= 0) || value.length <= maxLength) return value;
  let end = Math.floor(maxLength);
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return value.slice(0, end);
}

function normalizeWhitespace(value: string, options: Omit<SanitizeOptions, 'maxLength'>): string {
  if (!options.preserveSpacing) return value.replace(/\s+/g, ' ');
  if (options.newlinesToSpaces) return value.replace(/\r\n|\r|\n/g, ' ');
  return value;
}

/**
 * The client sanitizer: trim, cut to the maximum length, remove HTML and active content
 * (script/iframe/object/embed blocks, `javascript:`, `vbscript:`, `data:` URLs, `on…=` handlers),
 * then collapse whitespace unless spacing is preserved, optionally turning newlines into spaces.
 * The result is plain text, not HTML: encode it with `encodeForDisplay` before putting it in markup.
 */
export function sanitizeInput(value: string, options: SanitizeOptions): string {
  if (typeof value !== 'string') return '';
  const cut = cutToLength(value.trim(), options.maxLength);
  return normalizeWhitespace(removeActiveContent(cut), options).trim();
}

/**
 * A value is "changed by sanitizing" only when removing HTML or active content changed
 * it. Trimming, cutting, whitespace changes and entity encoding do not count, so O'Brien, AT&T and
 * every Play Store URL pass. With `maxLength`, only the part the sanitizer keeps is examined, as in
 * `sanitizeInput`; an over-long value is refused by its length rule anyway. The spacing options are
 * accepted for symmetry with `sanitizeInput` and cannot change the answer.
 */
export function isChangedBySanitizing(value: string, options?: Partial<SanitizeOptions>): boolean {
  if (typeof value !== 'string') return false;
  const kept = cutToLength(value.trim(), options?.maxLength ?? Number.POSITIVE_INFINITY);
  // One pass is enough: if it changes nothing, the value is already a fixed point of the loop.
  return removeActiveContentOnce(kept) !== kept;
}

const DISPLAY_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '/': '&#x2F;',
};

/**
 * Entity-encodes & < > " ' / for insertion into HTML. For display only, never before storing:
 * frameworks that escape on render (React) must not be given its output, or visitors see `&amp;`.
 */
export function encodeForDisplay(value: string): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[&<>"'/]/g, (ch) => DISPLAY_ENTITIES[ch] ?? ch);
}
