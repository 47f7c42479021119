import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createRef } from 'react';
import { z } from 'zod';
import { renderWithProviders, TestProviders, testQueryClient } from '../../test/render.js';
import { DataTable } from './DataTable.js';
import { formatDateTime } from './format.js';
import { fakeAdminServer, listAnswer, pagedAnswer, refused, setupUser, type FakeCall } from './testing.js';
import type { DataTableColumn, DataTableFilter, DataTableHandle, DataTableProps } from './types.js';

interface Entry {
  id: number;
  email: string;
  company: string | null;
  isVerified: boolean;
  createdAt: string;
}

const ENDPOINT = '/data/waitlist';
const entrySchema: z.ZodType<Entry> = z.object({
  id: z.number(),
  email: z.string(),
  company: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});

const entries = (count: number): Entry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    email: `user${i + 1}@example.com`,
    company: i % 2 ? null : `Company "${i + 1}"`,
    isVerified: i % 2 === 0,
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 28), 12)).toISOString(),
  }));

const columns: DataTableColumn<Entry>[] = [
  { key: 'email', label: 'Email', sortable: true },
  { key: 'company', label: 'Company' },
  {
    key: 'isVerified',
    label: 'OTP Status',
    render: (row) => (row.isVerified ? 'Verified' : 'Pending'),
  },
  { key: 'createdAt', label: 'Created At', sortable: true },
  { key: 'actions', label: 'Open', csv: false, render: () => 'open' },
];

const filters: DataTableFilter[] = [
  {
    key: 'verified',
    label: 'Verified',
    options: [
      { value: 'all', label: 'All' },
      { value: 'true', label: 'Verified' },
      { value: 'false', label: 'Pending' },
    ],
  },
];

function Table(props: Partial<DataTableProps<Entry>>) {
  return (
    <DataTable<Entry>
      title="Waitlist Entries"
      description="People waiting for access"
      endpoint={ENDPOINT}
      rowSchema={entrySchema}
      columns={columns}
      filters={filters}
      searchPlaceholder="Search by email..."
      {...props}
    />
  );
}

/** A server over `all` rows that pages like the real one; deletes answer `deleteAnswer`. */
function serve(
  all: Entry[],
  deleteAnswer: () => { status: number; body?: unknown } = () => ({ status: 200, body: { success: true } }),
) {
  return fakeAdminServer((call) => {
    if (call.method === 'GET' && call.path === ENDPOINT) return pagedAnswer(all, call.query);
    if (call.method === 'DELETE') return deleteAnswer();
    return undefined;
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === ENDPOINT);
const lastList = (calls: FakeCall[]) => lists(calls).at(-1)?.query;
const dataRows = () => screen.queryAllByTestId('data-row');
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .filter((b) => /^\d+$/.test(b.textContent ?? ''))
    .map((b) => Number(b.textContent));

/** jsdom's Blob has no text(); FileReader reads it. The byte-order mark is dropped. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function loaded(rows = 25) {
  await waitFor(() => expect(dataRows()).toHaveLength(rows));
}

describe('DataTable', () => {
  afterEach(() => act(() => notifications.clean()));

  it('asks the server for page 1 of 25 in the default order and shows the rows it answers', async () => {
    const server = serve(entries(60));
    renderWithProviders(<Table defaultSort="createdAt" />);
    await loaded();
    expect(lists(server.calls)).toHaveLength(1);
    expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('heading', { name: 'Waitlist Entries' })).toBeInTheDocument();
    expect(screen.getByText('People waiting for access')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    const first = within(dataRows()[0]!);
    expect(first.getByText('user1@example.com')).toBeInTheDocument();
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(within(dataRows()[1]!).getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created At' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Company' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by email...',
    );
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  it('shows at most 5 page buttons and moves the window with the current page', async () => {
    const server = serve(entries(250));
    const user = setupUser();
    renderWithProviders(<Table />);
    await loaded();
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '5' }));
    await waitFor(() => expect(screen.getByText('Showing 101–125 of 250')).toBeInTheDocument());
    expect(lastList(server.calls)).toMatchObject({ page: '5', limit: '25' });
    expect(pageButtons()).toEqual([3, 4, 5, 6, 7]);
    expect(screen.getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: '7' }));
    await user.click(screen.getByRole('button', { name: '9' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Showing 226–250 of 250')).toBeInTheDocument());
    expect(pageButtons()).toEqual([6, 7, 8, 9, 10]);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '9' }));
  });

  it('sorts a newly chosen column desc first, then flips it, on the server', async () => {
    const server = serve(entries(30));
    const user = setupUser();
    renderWithProviders(<Table defaultSort="createdAt" />);
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ sort: 'email', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Created At' })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ sort: 'email', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ sort: 'email', order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Created At' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ sort: 'createdAt', order: 'desc' }));
  });

  it('sends the search once typing pauses and goes back to page 1', async () => {
    const server = serve(entries(250));
    const user = setupUser();
    renderWithProviders(<Table />);
    await loaded();
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '3' }));
    const before = lists(server.calls).length;

    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' ada@ex ');
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ search: 'ada@ex' }));
    expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', search: 'ada@ex' });
    // One call for the whole word, not one per keystroke.
    expect(lists(server.calls).length).toBe(before + 1);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes back to page 1 when a filter changes, and leaves "all" out of the query', async () => {
    const server = serve(entries(250));
    const user = setupUser();
    renderWithProviders(<Table />);
    await loaded();
    await user.click(screen.getByRole('button', { name: '4' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '4' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'false');
    await waitFor(() =>
      expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', verified: 'false' }),
    );

    await user.click(screen.getByRole('button', { name: '2' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'all');
    await waitFor(() => expect(lastList(server.calls)).toEqual({ page: '1', limit: '25' }));
  });

  it('goes back to page 1 when the page size changes, and offers 10, 25, 50 and 100', async () => {
    const server = serve(entries(250));
    const user = setupUser();
    renderWithProviders(<Table />);
    await loaded();
    const sizes = within(screen.getByRole('combobox', { name: 'Rows per page' })).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '3' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    await waitFor(() => expect(lastList(server.calls)).toEqual({ page: '1', limit: '100' }));
    await loaded(100);
    expect(screen.getByText('Showing 1–100 of 250')).toBeInTheDocument();
    expect(pageButtons()).toEqual([1, 2, 3]);
  });

  it("shows 'No data found' and no pager when the server has no rows", async () => {
    serve([]);
    renderWithProviders(<Table />);
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("reads a lower-bound total as '10,000+' when the server counted only up to its limit", async () => {
    const server = fakeAdminServer((call) => {
      const page = Number(call.query.page ?? 1);
      return {
        status: 200,
        body: {
          success: true,
          data: {
            entries: entries(25).map((e, i) => ({ ...e, id: (page - 1) * 25 + i + 1 })),
            pagination: { page, limit: 25, total: 10_001, pages: 401, totalIsLowerBound: true },
          },
        },
      };
    });
    const user = setupUser();
    renderWithProviders(<Table />);
    await loaded();
    expect(screen.getByText('Showing 1–25 of 10,000+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getByText('Showing 26–50 of 10,000+')).toBeInTheDocument());
    expect(lastList(server.calls)).toMatchObject({ page: '2' });
  });

  it('writes an exact total with thousands separators', async () => {
    fakeAdminServer(() => listAnswer(entries(25), { total: 1234 }));
    renderWithProviders(<Table />);
    await loaded();
    expect(screen.getByText('Showing 1–25 of 1,234')).toBeInTheDocument();
  });

  it('finds the rows under whichever list key the answer has', async () => {
    fakeAdminServer(() => listAnswer(entries(2), { key: 'requests' }));
    renderWithProviders(<Table />);
    await loaded(2);
  });

  it("shows a load failure with the server's message and loads again on Retry", async () => {
    let fail = true;
    fakeAdminServer((call) =>
      fail ? refused(400, 'limit must not exceed 10000') : pagedAnswer(entries(3), call.query),
    );
    const user = setupUser();
    renderWithProviders(<Table />);
    expect(await screen.findByText('limit must not exceed 10000')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded(3);
    expect(screen.queryByText('limit must not exceed 10000')).not.toBeInTheDocument();
  });

  it('reloads on Refresh, on a new refreshKey and through its ref', async () => {
    const server = serve(entries(3));
    const user = setupUser();
    const ref = createRef<DataTableHandle>();
    const client = testQueryClient();
    const view = renderWithProviders(<Table refreshKey={1} ref={ref} />, { client });
    await loaded(3);
    expect(lists(server.calls)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(lists(server.calls)).toHaveLength(2));

    view.rerender(
      <TestProviders client={client}>
        <Table refreshKey={2} ref={ref} />
      </TestProviders>,
    );
    await waitFor(() => expect(lists(server.calls)).toHaveLength(3));

    act(() => ref.current!.refresh());
    await waitFor(() => expect(lists(server.calls)).toHaveLength(4));
  });

  describe('Export CSV', () => {
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    let blobs: Blob[];
    let downloads: string[];

    beforeEach(() => {
      blobs = [];
      downloads = [];
      URL.createObjectURL = jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      jest.restoreAllMocks();
    });

    it('fetches up to 10000 rows with the current search, filters and sort and downloads them', async () => {
      const all = entries(60);
      const server = serve(all);
      const user = setupUser();
      renderWithProviders(<Table />);
      await loaded();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'true');
      await user.click(screen.getByRole('button', { name: 'Email' }));
      await user.type(screen.getByRole('textbox', { name: 'Search' }), 'user');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      const exportCall = lists(server.calls).find((c) => c.query.limit === '10000');
      expect(exportCall?.query).toEqual({
        page: '1',
        limit: '10000',
        search: 'user',
        verified: 'true',
        sort: 'email',
        order: 'desc',
      });
      const stamp = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(downloads[0]).toBe(
        `waitlist-entries-${stamp.getFullYear()}-${pad(stamp.getMonth() + 1)}-${pad(stamp.getDate())}.csv`,
      );

      const text = await blobText(blobs[0]!);
      const lines = text.split('\r\n');
      // Header of the labels; the actions column ('Open', csv: false) is left out.
      expect(lines[0]).toBe('"Email","Company","OTP Status","Created At"');
      expect(lines).toHaveLength(60 + 2);
      expect(lines[1]).toBe(
        `"user1@example.com","Company ""1""","Yes","${formatDateTime(all[0]!.createdAt)}"`,
      );
      expect(lines[2]).toBe(`"user2@example.com","-","No","${formatDateTime(all[1]!.createdAt)}"`);
    });

    it('uses a column’s csv value when it has one', async () => {
      serve(entries(1));
      const user = setupUser();
      const custom: DataTableColumn<Entry>[] = [
        { key: 'isVerified', label: 'OTP Status', csv: (row) => (row.isVerified ? 'Verified' : 'Pending') },
      ];
      renderWithProviders(<Table columns={custom} />);
      await loaded(1);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(await blobText(blobs[0]!)).toBe('"OTP Status"\r\n"Verified"\r\n');
    });
  });

  describe('delete', () => {
    it('asks first, then sends DELETE {endpoint}/{id} and reloads the list', async () => {
      const server = serve(entries(3));
      const user = setupUser();
      renderWithProviders(<Table deleteEnabled />);
      await loaded(3);
      expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();

      await user.click(within(dataRows()[1]!).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Entry' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this entry? This action cannot be undone.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

      await user.click(within(dataRows()[1]!).getByRole('button', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
      expect(server.callsTo('DELETE', `${ENDPOINT}/2`)).toHaveLength(1);
      // The reload comes after the delete.
      expect(server.calls.findIndex((c) => c.method === 'DELETE')).toBeLessThan(
        server.calls.lastIndexOf(lists(server.calls)[1]!),
      );
    });

    it('takes its confirmation title and message from the props', async () => {
      serve(entries(1));
      const user = setupUser();
      renderWithProviders(
        <Table
          deleteEnabled
          deleteConfirmTitle="Delete VPN Request"
          deleteConfirmMessage={(row) => `Delete the request of ${row.email}? This cannot be undone.`}
        />,
      );
      await loaded(1);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete VPN Request' });
      expect(
        within(dialog).getByText('Delete the request of user1@example.com? This cannot be undone.'),
      ).toBeInTheDocument();
    });

    it("reports a refused delete as 'Failed to delete entry: {error}' and keeps the list", async () => {
      let answer = refused(403, 'Admin audit rows cannot be deleted');
      const server = serve(entries(2), () => answer);
      const user = setupUser();
      renderWithProviders(<Table deleteEnabled />);
      await loaded(2);
      const remove = async () => {
        await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Delete' }));
        await user.click(
          within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
            name: 'Delete',
          }),
        );
      };

      await remove();
      expect(
        await screen.findByText('Failed to delete entry: Admin audit rows cannot be deleted'),
      ).toBeInTheDocument();
      expect(lists(server.calls)).toHaveLength(1);

      answer = { status: 200, body: { success: false } };
      await remove();
      expect(await screen.findByText('Failed to delete entry: Unknown error')).toBeInTheDocument();
    });

    it('uses a custom failure title and text, e.g. "Delete Failed"', async () => {
      serve(entries(1), () => refused(400, 'Nope'));
      const user = setupUser();
      renderWithProviders(
        <Table
          deleteEnabled
          deleteErrorTitle="Delete Failed"
          deleteErrorMessage={() => 'Could not delete the request'}
        />,
      );
      await loaded(1);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
      expect(screen.getByText('Could not delete the request')).toBeInTheDocument();
    });

    it("disables delete with a 'View only' hint when the operator may not delete, or hides it", async () => {
      const server = serve(entries(2));
      const user = setupUser();
      const client = testQueryClient();
      const view = renderWithProviders(<Table deleteEnabled canDelete={false} />, { client });
      await loaded(2);
      const button = within(dataRows()[0]!).getByRole('button', { name: 'Delete' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.hover(button);
      expect(await screen.findByText('View only')).toBeInTheDocument();
      await user.click(button);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

      view.rerender(
        <TestProviders client={client}>
          <Table deleteEnabled canDelete={false} deleteDenied="hide" />
        </TestProviders>,
      );
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    });

    it('disables delete on the rows canDeleteRow refuses, with its reason as the hint', async () => {
      const server = serve(entries(3));
      const user = setupUser();
      renderWithProviders(
        <Table
          deleteEnabled
          canDeleteRow={(row) => (row.id === 1 ? 'Kept for the audit trail' : row.id === 2 ? false : true)}
          deleteDeniedReason="Not this one"
        />,
      );
      await loaded(3);
      const [first, second, third] = dataRows().map((row) =>
        within(row).getByRole('button', { name: 'Delete' }),
      );
      expect(first).toHaveAttribute('aria-disabled', 'true');
      expect(second).toHaveAttribute('aria-disabled', 'true');
      expect(third).not.toHaveAttribute('aria-disabled');
      await user.hover(first!);
      expect(await screen.findByText('Kept for the audit trail')).toBeInTheDocument();
      await user.hover(second!);
      expect(await screen.findByText('Not this one')).toBeInTheDocument();
      await user.click(first!);
      await user.click(second!);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(third!);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await waitFor(() => expect(server.callsTo('DELETE', `${ENDPOINT}/3`)).toHaveLength(1));
      expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    });

    it('keeps requestDelete of a custom column closed for a row canDeleteRow refuses', async () => {
      serve(entries(1));
      const user = setupUser();
      const withActions: DataTableColumn<Entry>[] = [
        ...columns.slice(0, 1),
        {
          key: 'actions',
          label: 'Actions',
          csv: false,
          render: (row, table) => (
            <button type="button" onClick={() => table.requestDelete(row)}>
              Remove
            </button>
          ),
        },
      ];
      renderWithProviders(<Table columns={withActions} canDeleteRow={() => 'Kept'} />);
      await loaded(1);
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('lets a custom actions column open the same confirmation through its context', async () => {
      const server = serve(entries(1));
      const user = setupUser();
      const withActions: DataTableColumn<Entry>[] = [
        ...columns.slice(0, 1),
        {
          key: 'actions',
          label: 'Actions',
          csv: false,
          render: (row, table) => (
            <button type="button" onClick={() => table.requestDelete(row)}>
              Remove
            </button>
          ),
        },
      ];
      renderWithProviders(<Table columns={withActions} />);
      await loaded(1);
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await waitFor(() => expect(server.callsTo('DELETE', `${ENDPOINT}/1`)).toHaveLength(1));
    });
  });
});
