/**
 * A data table's view in the address: page, page size, search, filters (a date range as two
 * days) and sort live in the search params, so a reload, the Back button and a shared link show
 * the same view. Each table writes only its own params (`<urlKey>.page`, `<urlKey>.q` …), so
 * several tables on one page keep apart, and a value left at its default is left out of the
 * address. Reading never throws: an unknown or malformed value reads as the default. Pure.
 */
import { TABLE_PAGE_SIZES, type SortOrder } from '@tunnelscope/contracts';
import { ALL_FILTER_VALUE } from '../../api/list.js';

/** A day of the operator's calendar, `YYYY-MM-DD`. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The highest page the address may name; beyond it the table is on page 1 again. */
const MAX_PAGE = 1_000_000;

export interface TableViewState {
  page: number;
  limit: number;
  search: string;
  /** Select filters: key → value (`all` when unfiltered). Date ranges: `<key>.from` / `<key>.to` → day or ''. */
  filters: Record<string, string>;
  sort: string | undefined;
  order: SortOrder;
}

/** What the table's props say about the state: its defaults and the values it accepts. */
export interface TableViewConfig {
  defaultPageSize: number;
  defaultSort: string | undefined;
  defaultOrder: SortOrder;
  /** Sort keys of the sortable columns (and the default sort). */
  sortKeys: readonly string[];
  /** Select filters with their accepted values and default. */
  selects: readonly { key: string; values: readonly string[]; default: string }[];
  /** Keys of the date-range filters. */
  dateRanges: readonly string[];
}

/** The param names of one table: `page`, `size`, `q`, `sort`, `order`, each filter's key, behind `<urlKey>.`. */
export function paramName(urlKey: string | undefined, name: string): string {
  return urlKey ? `${urlKey}.${name}` : name;
}

export const dateFromKey = (key: string) => `${key}.from`;
export const dateToKey = (key: string) => `${key}.to`;

/** True for a real day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

export function defaultViewState(config: TableViewConfig): TableViewState {
  const filters: Record<string, string> = {};
  for (const select of config.selects) filters[select.key] = select.default;
  for (const key of config.dateRanges) {
    filters[dateFromKey(key)] = '';
    filters[dateToKey(key)] = '';
  }
  return {
    page: 1,
    limit: config.defaultPageSize,
    search: '',
    filters,
    sort: config.defaultSort,
    order: config.defaultOrder,
  };
}

/** The table's state as `params` name it; every missing or invalid value is the default. */
export function readViewState(
  params: URLSearchParams,
  urlKey: string | undefined,
  config: TableViewConfig,
): TableViewState {
  const state = defaultViewState(config);
  const get = (name: string) => params.get(paramName(urlKey, name));

  const page = get('page');
  if (page !== null && /^\d{1,7}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE)
    state.page = Number(page);

  const size = get('size');
  if (size !== null && (TABLE_PAGE_SIZES as readonly number[]).includes(Number(size)) && /^\d+$/.test(size))
    state.limit = Number(size);

  state.search = (get('q') ?? '').trim();

  const sort = get('sort');
  if (sort !== null && config.sortKeys.includes(sort)) state.sort = sort;
  const order = get('order');
  if (order === 'asc' || order === 'desc') state.order = order;

  for (const select of config.selects) {
    const value = get(select.key);
    if (value !== null && select.values.includes(value)) state.filters[select.key] = value;
  }
  for (const key of config.dateRanges) {
    for (const bound of [dateFromKey(key), dateToKey(key)]) {
      const value = get(bound);
      if (value !== null && isDay(value)) state.filters[bound] = value;
    }
  }
  return state;
}

/**
 * `params` with this table's part replaced by `state`: the other tables' params and any other
 * param stay as they are; values at their default are removed.
 */
export function writeViewState(
  params: URLSearchParams,
  urlKey: string | undefined,
  config: TableViewConfig,
  state: TableViewState,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaults = defaultViewState(config);
  const put = (name: string, value: string, fallback: string) => {
    const key = paramName(urlKey, name);
    if (value === fallback || value === '') next.delete(key);
    else next.set(key, value);
  };
  put('page', String(state.page), '1');
  put('size', String(state.limit), String(defaults.limit));
  put('q', state.search.trim(), '');
  put('sort', state.sort ?? '', defaults.sort ?? '');
  put('order', state.order, defaults.order);
  for (const select of config.selects)
    put(select.key, state.filters[select.key] ?? select.default, select.default);
  for (const key of config.dateRanges) {
    put(dateFromKey(key), state.filters[dateFromKey(key)] ?? '', '');
    put(dateToKey(key), state.filters[dateToKey(key)] ?? '', '');
  }
  return next;
}

/** Same view? (The order of params in the address does not matter.) */
export function sameViewState(a: TableViewState, b: TableViewState): boolean {
  if (a.page !== b.page || a.limit !== b.limit || a.search !== b.search) return false;
  if (a.sort !== b.sort || a.order !== b.order) return false;
  const keys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]);
  for (const key of keys) if ((a.filters[key] ?? '') !== (b.filters[key] ?? '')) return false;
  return true;
}

/** Start of a local day as an ISO instant: what the server's `from` takes. */
export function dayStartInstant(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
}

/**
 * Start of the local day after `day` as an ISO instant: the server's `to` is exclusive, so this
 * takes the whole of `day` (its last millisecond sent as `to` would leave that millisecond out).
 */
export function dayAfterStartInstant(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).toISOString();
}

/** The filters the server is sent: select values as chosen, each date range as ISO instants. */
export function serverFilters(
  state: TableViewState,
  dateRanges: readonly { key: string; fromParam: string; toParam: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const rangeBounds = new Set(dateRanges.flatMap((r) => [dateFromKey(r.key), dateToKey(r.key)]));
  for (const [key, value] of Object.entries(state.filters)) {
    if (!rangeBounds.has(key) && value && value !== ALL_FILTER_VALUE) out[key] = value;
  }
  for (const range of dateRanges) {
    const from = state.filters[dateFromKey(range.key)];
    const to = state.filters[dateToKey(range.key)];
    if (from) out[range.fromParam] = dayStartInstant(from);
    if (to) out[range.toParam] = dayAfterStartInstant(to);
  }
  return out;
}
