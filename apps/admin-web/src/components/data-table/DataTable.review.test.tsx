/**
 * The data table's issue-16 behaviour: the view in the address (reload, Back, shared link,
 * invalid values, two tables on one page), the date-range filter, the keyboard review keys,
 * selection with the bulk bar, the banner and the Notes column of the export.
 */
import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render.js';
import { SHORTCUTS_TITLE } from '../shortcuts/ShortcutsDialog.js';
import { reviewBulkActions } from './bulk-actions.js';
import { DataTable } from './DataTable.js';
import { fakeAdminServer, pagedAnswer, setupUser, type FakeCall } from './testing.js';
import type { DataTableAnyFilter, DataTableColumn, DataTableProps, DataTableSelection } from './types.js';
import { dayStartInstant } from './url-state.js';

interface Entry {
  id: string;
  email: string;
  status: 'Waiting' | 'Pending' | 'Complete';
  notes: string;
  createdAt: string;
}

const ENDPOINT = '/data/waitlist';
const entrySchema: z.ZodType<Entry> = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['Waiting', 'Pending', 'Complete']),
  notes: z.string(),
  createdAt: z.string(),
});

const entries = (count: number): Entry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    email: `user${i + 1}@example.com`,
    status: 'Waiting',
    notes: i === 0 ? 'called back' : '',
    createdAt: new Date(2026, 10, 1 + (i % 28), 12).toISOString(),
  }));

const columns: DataTableColumn<Entry>[] = [
  { key: 'email', label: 'Email', sortable: true },
  {
    key: 'status',
    label: 'Status',
    render: (row) => <button type="button">{row.status}</button>,
    csv: (row) => row.status,
    csvAfter: [{ label: 'Notes', value: (row) => row.notes }],
  },
  { key: 'createdAt', label: 'Created At', sortable: true },
];

const filters: DataTableAnyFilter[] = [
  {
    key: 'verified',
    label: 'Verified',
    options: [
      { value: 'all', label: 'All' },
      { value: 'true', label: 'Verified' },
      { value: 'false', label: 'Pending' },
    ],
  },
  { kind: 'dateRange', key: 'date', label: 'Date' },
];

function Table(props: Partial<DataTableProps<Entry>>) {
  return (
    <DataTable<Entry>
      title="Waitlist"
      endpoint={ENDPOINT}
      rowSchema={entrySchema}
      columns={columns}
      filters={filters}
      defaultSort="createdAt"
      {...props}
    />
  );
}

/** The address's query and a Back button, as the browser has them. */
function Browser() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

function serve(all: Entry[], endpoints: string[] = [ENDPOINT]) {
  return fakeAdminServer((call) => {
    if (call.method === 'GET' && endpoints.includes(call.path)) return pagedAnswer(all, call.query);
    return undefined;
  });
}

const lists = (calls: FakeCall[], endpoint = ENDPOINT) =>
  calls.filter((c) => c.method === 'GET' && c.path === endpoint);
const lastList = (calls: FakeCall[], endpoint = ENDPOINT) => lists(calls, endpoint).at(-1)?.query;
const dataRows = () => screen.queryAllByTestId('data-row');
const loaded = (rows = 25) => waitFor(() => expect(dataRows()).toHaveLength(rows));

describe('DataTable view in the address', () => {
  afterEach(() => act(() => notifications.clean()));

  it('opens the view a shared link names', async () => {
    const server = serve(entries(60));
    renderWithProviders(
      <>
        <Table urlKey="w" />
        <Browser />
      </>,
      { path: '/app/waitlist?w.page=2&w.size=10&w.q=user1&w.sort=email&w.order=asc&w.verified=true' },
    );
    await loaded(10);
    expect(lists(server.calls)).toHaveLength(1);
    expect(lastList(server.calls)).toEqual({
      page: '2',
      limit: '10',
      search: 'user1',
      verified: 'true',
      sort: 'email',
      order: 'asc',
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('user1');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Verified' })).toHaveValue('true');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('writes each change to the address, and Back restores the view before it', async () => {
    const server = serve(entries(120));
    const user = setupUser();
    renderWithProviders(
      <>
        <Table urlKey="w" />
        <Browser />
      </>,
    );
    await loaded();
    expect(address().toString()).toBe('');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(address().get('w.page')).toBe('3'));
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(address().get('w.sort')).toBe('email'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'false');
    await waitFor(() => expect(address().get('w.verified')).toBe('false'));
    expect(address().get('w.page')).toBeNull(); // a new filter starts on page 1
    await waitFor(() =>
      expect(lastList(server.calls)).toMatchObject({ verified: 'false', sort: 'email', page: '1' }),
    );

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(address().get('w.verified')).toBeNull());
    expect(address().get('w.page')).toBe('3');
    expect(screen.getByRole('combobox', { name: 'Verified' })).toHaveValue('all');
    await waitFor(() =>
      expect(lastList(server.calls)).toEqual({ page: '3', limit: '25', sort: 'email', order: 'desc' }),
    );

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(address().toString()).toBe(''));
    await waitFor(() =>
      expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', sort: 'createdAt', order: 'desc' }),
    );
  });

  it('replaces the entry while searching: one Back leaves the search, not one letter', async () => {
    const server = serve(entries(120));
    const user = setupUser();
    renderWithProviders(
      <>
        <Table urlKey="w" />
        <Browser />
      </>,
    );
    await loaded();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(address().get('w.page')).toBe('2'));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'user7');
    await waitFor(() => expect(address().get('w.q')).toBe('user7'));
    expect(address().get('w.page')).toBeNull();
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ search: 'user7', page: '1' }));

    // The page-2 entry was replaced by the search: Back goes to where paging started.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(address().toString()).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    await waitFor(() =>
      expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', sort: 'createdAt', order: 'desc' }),
    );
  });

  it('shows the default view for nonsense in the address instead of failing', async () => {
    const server = serve(entries(30));
    renderWithProviders(<Table />, {
      path: '/?page=-4&size=7&q=&sort=password_hash&order=sideways&verified=maybe&date.from=2026-02-31&date.to=soon',
    });
    await loaded();
    expect(lastList(server.calls)).toEqual({ page: '1', limit: '25', sort: 'createdAt', order: 'desc' });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  it('moves a link past the last page to the last page, in place', async () => {
    const server = serve(entries(30));
    renderWithProviders(
      <>
        <Table />
        <Browser />
      </>,
      { path: '/?page=9' },
    );
    await waitFor(() => expect(address().get('page')).toBe('2'));
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '2' }));
  });

  it('keeps two tables on one page apart by their keys', async () => {
    const server = serve(entries(80), [ENDPOINT, '/data/contacts']);
    const user = setupUser();
    renderWithProviders(
      <>
        <Table urlKey="a" title="First" keyboardShortcuts={false} />
        <Table urlKey="b" title="Second" endpoint="/data/contacts" keyboardShortcuts={false} />
        <Browser />
      </>,
      { path: '/?b.page=2' },
    );
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    expect(lastList(server.calls, '/data/contacts')).toMatchObject({ page: '2' });
    expect(lastList(server.calls)).toMatchObject({ page: '1' });

    const [first] = screen.getAllByRole('navigation', { name: 'Pagination' });
    await user.click(within(first!).getByRole('button', { name: '3' }));
    await waitFor(() => expect(address().get('a.page')).toBe('3'));
    expect(address().get('b.page')).toBe('2');
    await waitFor(() => expect(lastList(server.calls)).toMatchObject({ page: '3' }));
    expect(lastList(server.calls, '/data/contacts')).toMatchObject({ page: '2' });
  });

  it('filters by a date range: days in the address, whole local days sent as instants', async () => {
    const server = serve(entries(30));
    const user = setupUser();
    renderWithProviders(
      <>
        <Table />
        <Browser />
      </>,
      { path: '/?date.from=2026-11-01' },
    );
    await loaded();
    expect(lastList(server.calls)).toMatchObject({ from: dayStartInstant('2026-11-01') });
    expect(screen.getByLabelText('Date from')).toHaveValue('2026-11-01');

    await user.type(screen.getByLabelText('Date to'), '2026-11-26');
    await waitFor(() => expect(address().get('date.to')).toBe('2026-11-26'));
    await waitFor(() =>
      expect(lastList(server.calls)).toMatchObject({
        from: dayStartInstant('2026-11-01'),
        // The next local day's start: the server's `to` is exclusive.
        to: new Date(2026, 10, 27).toISOString(),
      }),
    );
  });
});

describe('DataTable keyboard review', () => {
  afterEach(() => act(() => notifications.clean()));

  it('moves with j/k, opens with Enter and n, sets the status with 1/2/3, searches with / and helps with ?', async () => {
    const all = entries(30);
    serve(all);
    const user = setupUser();
    const onOpenRow = jest.fn();
    const onQuickStatus = jest.fn();
    renderWithProviders(<Table onOpenRow={onOpenRow} onQuickStatus={onQuickStatus} />);
    await loaded();
    const selectedRows = () => dataRows().filter((row) => row.getAttribute('aria-selected') === 'true');
    expect(selectedRows()).toHaveLength(0);

    await user.keyboard('j');
    expect(selectedRows()).toEqual([dataRows()[0]]);
    expect(dataRows()[0]).toHaveFocus();
    await user.keyboard('jj');
    expect(selectedRows()).toEqual([dataRows()[2]]);
    await user.keyboard('k');
    expect(selectedRows()).toEqual([dataRows()[1]]);
    expect(dataRows()[1]).toHaveAttribute('tabindex', '0');
    expect(dataRows()[0]).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenLastCalledWith(all[1]);
    await user.keyboard('n');
    expect(onOpenRow).toHaveBeenLastCalledWith(all[1], { focusNotes: true });
    await user.keyboard('1');
    expect(onQuickStatus).toHaveBeenLastCalledWith(all[1], 'Waiting');
    await user.keyboard('2');
    expect(onQuickStatus).toHaveBeenLastCalledWith(all[1], 'Pending');
    await user.keyboard('3');
    expect(onQuickStatus).toHaveBeenLastCalledWith(all[1], 'Complete');

    await user.keyboard('/');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    // Typing in the search box is typing, not review.
    await user.keyboard('j3n');
    expect(search).toHaveValue('j3n');
    expect(selectedRows()).toEqual([dataRows()[1]]);
    expect(onQuickStatus).toHaveBeenCalledTimes(3);
    expect(onOpenRow).toHaveBeenCalledTimes(2);
    search.blur();

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: SHORTCUTS_TITLE });
    expect(within(help).getByText('Next row')).toBeInTheDocument();
    // Nothing fires behind an open dialog.
    await user.keyboard('j3');
    expect(onQuickStatus).toHaveBeenCalledTimes(3);
  });

  it('ignores keys with a modifier, and Enter on a control inside the row', async () => {
    const all = entries(5);
    serve(all);
    const user = setupUser();
    const onOpenRow = jest.fn();
    const onQuickStatus = jest.fn();
    renderWithProviders(<Table onOpenRow={onOpenRow} onQuickStatus={onQuickStatus} />);
    await loaded(5);
    await user.keyboard('{Control>}j{/Control}{Meta>}3{/Meta}{Alt>}1{/Alt}');
    expect(dataRows().some((row) => row.getAttribute('aria-selected') === 'true')).toBe(false);
    expect(onQuickStatus).not.toHaveBeenCalled();

    within(dataRows()[0]!).getByRole('button', { name: 'Waiting' }).focus();
    await user.keyboard('{Enter}');
    expect(onOpenRow).not.toHaveBeenCalled();
    await user.click(within(dataRows()[2]!).getByText('user3@example.com'));
    expect(onOpenRow).toHaveBeenCalledWith(all[2]);
  });

  it('gives a view_only operator no quick status', async () => {
    serve(entries(3));
    const user = setupUser();
    const onQuickStatus = jest.fn();
    renderWithProviders(<Table onQuickStatus={onQuickStatus} canDelete={false} />);
    await loaded(3);
    await user.keyboard('j3');
    expect(onQuickStatus).not.toHaveBeenCalled();
  });
});

describe('DataTable selection and bulk actions', () => {
  afterEach(() => act(() => notifications.clean()));

  function selectionOf(all: Entry[]) {
    const run = jest.fn(async (ids: string[]) => ({ changed: ids.length, unchanged: 0 }));
    const matchingIds = jest.fn(async () => ({
      ids: all.map((e) => e.id),
      total: all.length,
      capped: false,
    }));
    const selection: DataTableSelection<Entry> = {
      actions: reviewBulkActions((ids) => run(ids)),
      matchingIds,
      exportRows: async (ids) => all.filter((e) => ids.includes(e.id)),
    };
    return { run, matchingIds, selection };
  }

  it('selects rows, the page, then all N matching, and sets the status of all of them after a confirmation naming the count', async () => {
    const all = entries(60);
    const server = serve(all);
    const user = setupUser();
    const { run, matchingIds, selection } = selectionOf(all);
    renderWithProviders(<Table selection={selection} />);
    await loaded();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(within(dataRows()[0]!).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('25 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
    await waitFor(() => expect(screen.getByTestId('selection-count')).toHaveTextContent('60 selected'));
    expect(matchingIds).toHaveBeenCalledWith(
      expect.objectContaining({ sort: 'createdAt', order: 'desc', search: '', filters: {} }),
    );
    expect(screen.queryByRole('button', { name: /Select all \d+ matching/ })).not.toBeInTheDocument();

    const listsBefore = lists(server.calls).length;
    await user.click(screen.getByRole('button', { name: 'Set Complete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Set the status of 60 rows to Complete?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set Complete' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]![0]).toEqual(all.map((e) => e.id));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(lists(server.calls).length).toBeGreaterThan(listsBefore));
  });

  it('asks before a bulk delete with the count, and a cancel changes nothing', async () => {
    const all = entries(10);
    serve(all);
    const user = setupUser();
    const { run, selection } = selectionOf(all);
    renderWithProviders(<Table selection={selection} />);
    await loaded(10);
    await user.click(within(dataRows()[1]!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(dataRows()[3]!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete 2 rows? This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByTestId('selection-count')).toHaveTextContent('2 selected');
  });

  it('starts a new selection when the search changes', async () => {
    const all = entries(10);
    serve(all);
    const user = setupUser();
    const { selection } = selectionOf(all);
    renderWithProviders(<Table selection={selection} />);
    await loaded(10);
    await user.click(within(dataRows()[0]!).getByRole('checkbox', { name: 'Select row' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'true');
    await waitFor(() => expect(screen.queryByTestId('selection-count')).not.toBeInTheDocument());
  });

  it('shows a view_only operator no selection', async () => {
    const all = entries(5);
    serve(all);
    const { selection } = selectionOf(all);
    renderWithProviders(<Table selection={selection} canDelete={false} />);
    await loaded(5);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('exports the selection with the Notes column after the Status', async () => {
    const all = entries(5);
    serve(all);
    const user = setupUser();
    const { selection } = selectionOf(all);
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderWithProviders(<Table selection={selection} />);
      await loaded(5);
      await user.click(within(dataRows()[0]!).getByRole('checkbox', { name: 'Select row' }));
      await user.click(screen.getByRole('button', { name: 'Export selection' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
        reader.readAsText(blobs[0]!);
      });
      const created = new Date(all[0]!.createdAt);
      const pad = (n: number) => String(n).padStart(2, '0');
      const stamp = `${created.getFullYear()}-${pad(created.getMonth() + 1)}-${pad(created.getDate())} ${pad(created.getHours())}:${pad(created.getMinutes())}:${pad(created.getSeconds())}`;
      expect(text.split('\r\n')).toEqual([
        '"Email","Status","Notes","Created At"',
        `"user1@example.com","Waiting","called back","${stamp}"`,
        '',
      ]);
    } finally {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      click.mockRestore();
    }
  });

  it('shows the banner it is given above the rows', async () => {
    serve(entries(2));
    renderWithProviders(<Table banner={<div role="status">3 new sign-ups — show</div>} />);
    await loaded(2);
    expect(screen.getByText('3 new sign-ups — show')).toBeInTheDocument();
  });
});
