/** Reading and normalising domain lists (the packaged JSON, the upstream .conf, or any JSON array). */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** Matches the blocked_email_domains.domain column. */
export const MAX_DOMAIN_LENGTH = 253;

/** Lowercased, trimmed, trailing dot dropped; null unless it is a hostname with at least two labels. */
export function normaliseDomain(raw: string): string | null {
  const d = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!d || d.length > MAX_DOMAIN_LENGTH) return null;
  const labels = d.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  return d;
}

export interface ParsedDomainList {
  domains: string[];
  /** Entries that were not hostnames (skipped). */
  invalid: number;
}

/**
 * A JSON array of strings, or text with one domain per line where `#` starts a comment.
 * Duplicates collapse; the result is sorted so runs are reproducible.
 */
export function parseDomainList(text: string): ParsedDomainList {
  const body = text.replace(/^\uFEFF/, '').trim();
  let entries: string[];
  if (body.startsWith('[')) {
    const parsed: unknown = JSON.parse(body);
    if (!Array.isArray(parsed)) throw new Error('expected a JSON array of domains');
    entries = parsed.map((v) => (typeof v === 'string' ? v : ''));
  } else {
    entries = body
      .split(/\r?\n/)
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter((line) => line !== '');
  }
  const domains = new Set<string>();
  let invalid = 0;
  for (const entry of entries) {
    const d = normaliseDomain(entry);
    if (d) domains.add(d);
    else invalid++;
  }
  return { domains: [...domains].sort(), invalid };
}

/** The domain of an e-mail and each parent with at least two labels: a.b.mail.com → a.b.mail.com, b.mail.com, mail.com. */
export function domainAndParents(email: string): string[] {
  const at = email.lastIndexOf('@');
  const domain = normaliseDomain(at >= 0 ? email.slice(at + 1) : email);
  if (!domain) return [];
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}
