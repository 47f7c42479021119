/**
 * The disposable e-mail domain blocklist. It starts from the list packaged in
 * `disposable-email-domains-js` (CC0-1.0, a packaging of github.com/disposable-email-domains/
 * disposable-email-domains) and is refreshed from the configured sources: each run fetches a
 * source (outside any transaction), applies the difference against that source's rows in one
 * transaction, and records itself in blocklist_update_logs, failures included.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AliasableExpression, SqlBool } from 'kysely';
import type { BlocklistSource } from '../config.js';
import type { FormsDb } from '../db/schema.js';
import {
  anyDomainBlocked,
  countBlockedDomains,
  deleteDomains,
  insertBlocklistUpdateLog,
  insertDomains,
  listDomainsOfSource,
  lockBlocklist,
} from './blocklist-repository.js';
import { domainAndParents, parseDomainList } from './domain-list.js';

export const BLOCKLIST_PACKAGE = 'disposable-email-domains-js';
/** Its JS entry point is broken; the JSON it ships is what we read. */
const PACKAGED_LIST_FILE = 'dist/dict/disposable_email_blocklist.json';
const FETCH_TIMEOUT_MS = 30_000;
const MAX_LIST_BYTES = 10 * 1024 * 1024;

/** Loads the text of a URL source. Injectable so tests and the CLI can choose the transport. */
export type BlocklistFetcher = (url: string, signal: AbortSignal) => Promise<string>;

export const fetchBlocklistText: BlocklistFetcher = async (url, signal) => {
  const res = await fetch(url, {
    signal,
    headers: { accept: 'text/plain, application/json' },
    redirect: 'follow',
  });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`.trim());
  if (!res.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    if (bytes > MAX_LIST_BYTES) throw new Error(`list larger than ${MAX_LIST_BYTES} bytes`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
};

function packageRoot(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve(`${BLOCKLIST_PACKAGE}/package.json`);
  const { version } = require(manifestPath) as { version: string };
  return { dir: dirname(manifestPath), version };
}

/** The label stored in `source` (max 100 characters): `package`, or `url:<hash>:<host>` for a URL. */
export function sourceLabel(source: BlocklistSource): string {
  if (source.kind === 'package') return 'package';
  const host = new URL(source.url).host;
  const hash = createHash('sha256').update(source.url).digest('hex').slice(0, 12);
  return `url:${hash}:${host}`.slice(0, 100);
}

function sourceUrl(source: BlocklistSource): string {
  if (source.kind === 'url') return source.url;
  return `npm:${BLOCKLIST_PACKAGE}@${packageRoot().version}/${PACKAGED_LIST_FILE}`;
}

async function loadSourceText(source: BlocklistSource, fetcher: BlocklistFetcher): Promise<string> {
  if (source.kind === 'package') return readFile(join(packageRoot().dir, PACKAGED_LIST_FILE), 'utf8');
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`timed out after ${FETCH_TIMEOUT_MS} ms`)),
    FETCH_TIMEOUT_MS,
  );
  try {
    return await fetcher(source.url, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

export interface BlocklistRun {
  source: string;
  url: string;
  success: boolean;
  added: number;
  removed: number;
  total: number;
  executionTimeMs: number;
  error?: string;
}

async function refreshOne(
  db: FormsDb,
  source: BlocklistSource,
  fetcher: BlocklistFetcher,
): Promise<BlocklistRun> {
  const started = performance.now();
  const label = sourceLabel(source);
  const url = sourceUrl(source);
  let run: BlocklistRun;
  try {
    const { domains } = parseDomainList(await loadSourceText(source, fetcher));
    // An empty answer is far likelier a broken mirror than a world without disposable domains.
    if (domains.length === 0) throw new Error('the source listed no valid domains; keeping the current list');
    const counts = await db.transaction().execute(async (trx) => {
      await lockBlocklist(trx);
      const current = new Set(await listDomainsOfSource(trx, label));
      const wanted = new Set(domains);
      const toAdd = domains.filter((d) => !current.has(d));
      const toRemove = [...current].filter((d) => !wanted.has(d));
      const removed = await deleteDomains(trx, toRemove, label);
      const added = await insertDomains(trx, toAdd, label);
      return { added, removed, total: await countBlockedDomains(trx, label) };
    });
    run = { source: label, url, success: true, ...counts, executionTimeMs: 0 };
  } catch (err) {
    const total = await countBlockedDomains(db, label).catch(() => 0);
    run = {
      source: label,
      url,
      success: false,
      added: 0,
      removed: 0,
      total,
      executionTimeMs: 0,
      error: errorText(err),
    };
  }
  run.executionTimeMs = Math.round(performance.now() - started);
  await insertBlocklistUpdateLog(db, {
    source: run.source,
    url: run.url,
    domains_added: run.added,
    domains_removed: run.removed,
    total_domains: run.total,
    success: run.success,
    error_message: run.error ?? null,
    execution_time: run.executionTimeMs,
  });
  return run;
}

function errorText(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  const text = e?.cause?.message ? `${e.message}: ${e.cause.message}` : (e?.message ?? String(err));
  return text.slice(0, 2000);
}

/** Refreshes every source in turn; one failing source leaves the others (and its own rows) intact. */
export async function refreshBlocklist(
  db: FormsDb,
  sources: readonly BlocklistSource[],
  fetcher: BlocklistFetcher = fetchBlocklistText,
): Promise<BlocklistRun[]> {
  const runs: BlocklistRun[] = [];
  for (const source of sources) runs.push(await refreshOne(db, source, fetcher));
  return runs;
}

/**
 * True when the e-mail's domain, or a parent of it, is on the list: an SQL expression, so the
 * verification flow asks it in the same query as its own checks.
 */
export function emailDomainBlocked(email: string): AliasableExpression<SqlBool> {
  return anyDomainBlocked(domainAndParents(email));
}

export async function isBlocklistEmpty(db: FormsDb): Promise<boolean> {
  return (await countBlockedDomains(db)) === 0;
}
