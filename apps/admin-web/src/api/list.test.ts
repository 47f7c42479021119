import { z } from 'zod';
import { AdminApiError } from './client.js';
import { DeleteRefusedError, deleteErrorText, listQuery, readListResponse } from './list.js';

const pagination = { page: 1, limit: 25, total: 1, pages: 1 };
const rowSchema = z.object({ id: z.number() });

describe('listQuery', () => {
  it('sends page and limit, and leaves out an empty search and every "all" filter', () => {
    expect(
      listQuery({ page: 2, limit: 50, search: '  ', filters: { role: 'all', status: 'active' } }),
    ).toEqual({
      page: 2,
      limit: 50,
      status: 'active',
    });
  });

  it('sends the trimmed search and the sort with its order (desc by default)', () => {
    expect(listQuery({ page: 1, limit: 25, search: ' ada ', sort: 'email' })).toEqual({
      page: 1,
      limit: 25,
      search: 'ada',
      sort: 'email',
      order: 'desc',
    });
  });
});

describe('readListResponse', () => {
  it.each(['entries', 'requests', 'contacts', 'logs'])('finds the rows under data.%s', (key) => {
    const page = readListResponse({ success: true, data: { [key]: [{ id: 1 }], pagination } }, { rowSchema });
    expect(page).toEqual({ rows: [{ id: 1 }], pagination });
  });

  it('uses the named key when given', () => {
    const body = { success: true, data: { entries: [], requests: [{ id: 2 }], pagination } };
    expect(readListResponse(body, { dataKey: 'requests', rowSchema }).rows).toEqual([{ id: 2 }]);
  });

  it('keeps totalIsLowerBound, which says the server counted only up to its limit', () => {
    const bounded = { page: 1, limit: 25, total: 10_001, pages: 401, totalIsLowerBound: true };
    expect(
      readListResponse({ success: true, data: { logs: [], pagination: bounded } }, { rowSchema }).pagination,
    ).toEqual(bounded);
  });

  it('refuses an answer that is not a list, with the server message when there is one', () => {
    expect(() => readListResponse({ success: false, message: 'Nope' }, { rowSchema })).toThrow('Nope');
    expect(() => readListResponse({ success: true, data: { pagination } }, { rowSchema })).toThrow('no rows');
    expect(() => readListResponse({ success: true, data: { entries: [] } }, { rowSchema })).toThrow(
      'no pagination',
    );
  });
});

describe('readListResponse rows', () => {
  it('checks every row with the list schema, and refuses a list with a row of another shape', () => {
    const body = { success: true, data: { entries: [{ id: 1 }, { id: 'two' }], pagination } };
    expect(() => readListResponse(body, { rowSchema })).toThrow(/Unexpected rows in the list answer \(1\.id/);
  });
});

describe('deleteErrorText', () => {
  it("says the server's reason, 'Unknown error' without one, and nothing more when unreachable", () => {
    const answered = new AdminApiError(403, 'Forbidden', { success: false, message: 'Admin rows stay' });
    expect(deleteErrorText(answered)).toBe('Failed to delete entry: Admin rows stay');
    expect(deleteErrorText(new AdminApiError(400, 'Bad Request', null))).toBe(
      'Failed to delete entry: Unknown error',
    );
    expect(deleteErrorText(new DeleteRefusedError())).toBe('Failed to delete entry: Unknown error');
    expect(deleteErrorText(new TypeError('Failed to fetch'))).toBe('Failed to delete entry');
  });
});
