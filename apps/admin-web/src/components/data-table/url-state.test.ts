import {
  dayAfterStartInstant,
  dayStartInstant,
  defaultViewState,
  isDay,
  readViewState,
  serverFilters,
  writeViewState,
  type TableViewConfig,
} from './url-state.js';

const config: TableViewConfig = {
  defaultPageSize: 25,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  sortKeys: ['email', 'createdAt'],
  selects: [{ key: 'verified', values: ['all', 'true', 'false'], default: 'all' }],
  dateRanges: ['date'],
};

const read = (query: string, urlKey?: string) => readViewState(new URLSearchParams(query), urlKey, config);

describe('readViewState', () => {
  it('reads every part of the view behind the table’s key', () => {
    expect(
      read(
        'w.page=3&w.size=50&w.q=ada%40ex&w.sort=email&w.order=asc&w.verified=true&w.date.from=2026-11-01&w.date.to=2026-11-26',
        'w',
      ),
    ).toEqual({
      page: 3,
      limit: 50,
      search: 'ada@ex',
      sort: 'email',
      order: 'asc',
      filters: { verified: 'true', 'date.from': '2026-11-01', 'date.to': '2026-11-26' },
    });
  });

  it('is the default view for an empty address, and ignores other tables’ params', () => {
    expect(read('')).toEqual(defaultViewState(config));
    expect(read('page=4&q=x', 'w')).toEqual(defaultViewState(config));
    expect(read('v.page=4', 'w').page).toBe(1);
  });

  it('falls back to the default for every invalid value, never throwing', () => {
    const state = read(
      'page=-2&size=33&sort=password&order=sideways&verified=maybe&date.from=2026-02-30&date.to=yesterday',
    );
    expect(state).toEqual(defaultViewState(config));
    expect(read('page=abc').page).toBe(1);
    expect(read('page=0').page).toBe(1);
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=99999999999').page).toBe(1);
    expect(read('size=1e2').limit).toBe(25);
    expect(read('size=100').limit).toBe(100);
    expect(read('q=%20%20ada%20').search).toBe('ada');
  });
});

describe('writeViewState', () => {
  it('round-trips a view, leaving defaults out of the address', () => {
    const state = {
      ...defaultViewState(config),
      page: 2,
      search: 'bob',
      filters: { verified: 'false', 'date.from': '2026-11-02', 'date.to': '' },
    };
    const params = writeViewState(new URLSearchParams(), 'w', config, state);
    expect(params.toString()).toBe('w.page=2&w.q=bob&w.verified=false&w.date.from=2026-11-02');
    expect(readViewState(params, 'w', config)).toEqual(state);
  });

  it('keeps other tables’ and unrelated params and removes values set back to default', () => {
    const before = new URLSearchParams('v.page=9&tab=x&w.page=3&w.sort=email');
    const params = writeViewState(before, 'w', config, defaultViewState(config));
    expect(params.toString()).toBe('v.page=9&tab=x');
  });
});

describe('date ranges', () => {
  it('accepts real days only', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-2')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('sends a whole local day from its start to the next day’s start (the server’s `to` is exclusive)', () => {
    expect(dayStartInstant('2026-11-26')).toBe(new Date(2026, 10, 26).toISOString());
    expect(dayAfterStartInstant('2026-11-26')).toBe(new Date(2026, 10, 27).toISOString());
    expect(dayAfterStartInstant('2026-11-30')).toBe(new Date(2026, 11, 1).toISOString());
    expect(dayAfterStartInstant('2026-12-31')).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('turns the view into the server’s filters: all left out, days as instants', () => {
    const state = {
      ...defaultViewState(config),
      filters: { verified: 'all', 'date.from': '', 'date.to': '2026-11-26' },
    };
    expect(serverFilters(state, [{ key: 'date', fromParam: 'from', toParam: 'to' }])).toEqual({
      to: new Date(2026, 10, 27).toISOString(),
    });
  });
});
