import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { ContactRow } from '@tunnelscope/contracts';
import { ADMIN, VIEWER } from '../../auth/testing.js';
import {
  listAnswer,
  setupUser,
  type FakeCall,
  type FakeHandler,
} from '../../components/data-table/testing.js';
import { contact } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { ContactsTab } from './ContactsTab.js';
import { formatDateTime } from '../../components/data-table/format.js';

const LIST = '/data/contacts';
const LONG_MESSAGE = `We run a streaming service and see a lot of traffic from VPN exits. ${'Could you tell us more about coverage? '.repeat(3)}Thanks!`;

function serve(rows: ContactRow[], extra: FakeHandler = () => undefined, me = ADMIN) {
  return signedInServer(me, (call) => {
    if (call.method === 'GET' && call.path === LIST) {
      return listAnswer(rows, { key: 'contacts', limit: Number(call.query.limit ?? 25) });
    }
    return extra(call);
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const rowOf = (text: string) =>
  within(screen.getAllByTestId('data-row').find((row) => within(row).queryByText(text) !== null)!);

async function renderTab(rows: number) {
  renderSignedIn(<ContactsTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(rows));
}

/** jsdom's Blob has no text(); FileReader reads it. The byte-order mark is dropped. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('ContactsTab', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the messages of /data/contacts with every column of the spec', async () => {
    const server = serve([contact(1, { notes: 'Replied by e-mail' }), contact(2, { isVerified: false })]);
    await renderTab(2);
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the selection's checkbox (admin role)
      'Name',
      'Email',
      'Subject',
      'Message',
      'OTP Status',
      'Status',
      'Created At',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    const first = rowOf('Sender 1');
    expect(first.getByText('sender1@example.com')).toBeInTheDocument();
    expect(first.getByText('Question 1')).toBeInTheDocument();
    expect(first.getByText('Hello, I would like to know more.')).not.toHaveAttribute('title');
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(first.getByText('Waiting')).toBeInTheDocument();
    expect(first.getByText('Replied by e-mail')).toBeInTheDocument();
    expect(rowOf('Sender 2').getByText('Pending')).toBeInTheDocument();
  });

  it('cuts a long message to its first 80 characters, with the full text as its tooltip', async () => {
    serve([contact(1, { message: LONG_MESSAGE })]);
    await renderTab(1);
    const message = screen.getByTestId('message');
    expect(message.textContent).toBe(`${LONG_MESSAGE.slice(0, 80).trimEnd()}…`);
    expect(message).toHaveAttribute('title', LONG_MESSAGE);
  });

  it('exports the full message, the status name, the notes after it and the OTP status to CSV', async () => {
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
      serve([
        contact(1, { message: LONG_MESSAGE, status: 'Pending', notes: 'Called back', isVerified: false }),
      ]);
      const user = setupUser();
      await renderTab(1);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const [header, line] = (await blobText(blobs[0]!)).split('\r\n');
      expect(header).toBe('"Name","Email","Subject","Message","OTP Status","Status","Notes","Created At"');
      expect(line).toBe(
        `"Sender 1","sender1@example.com","Question 1","${LONG_MESSAGE}","Pending","Pending","Called back","${formatDateTime(
          '2026-11-22T09:30:00.000Z',
        )}"`,
      );
    } finally {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      click.mockRestore();
    }
  });

  it('searches on email, name and subject and filters on verified on the server', async () => {
    const server = serve([contact(1)]);
    const user = setupUser();
    await renderTab(1);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by email, name or subject...',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Question');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'true');
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toEqual({
        page: '1',
        limit: '25',
        search: 'Question',
        verified: 'true',
        sort: 'createdAt',
        order: 'desc',
      }),
    );
  });

  it('saves the status and notes with PATCH /data/contacts/{id} and reloads', async () => {
    const row = contact(1);
    const server = serve([row], (call) =>
      call.method === 'PATCH'
        ? {
            status: 200,
            body: {
              success: true,
              message: 'Updated',
              data: { ...(call.body as object), version: 2, updatedAt: null, updatedBy: null },
            },
          }
        : undefined,
    );
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Edit status and notes' }));
    await user.click(screen.getByRole('radio', { name: 'Pend' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Waiting for sales');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
    expect(server.callsTo('PATCH', `${LIST}/${row.id}`).map((c) => c.body)).toEqual([
      { status: 'Pending', notes: 'Waiting for sales' },
    ]);
  });

  it("shows 'Update failed' when the server refuses the update", async () => {
    serve([contact(1)], (call) =>
      call.method === 'PATCH'
        ? {
            status: 403,
            body: { success: false, error: 'FORBIDDEN', message: 'View-only accounts cannot change entries' },
          }
        : undefined,
    );
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Edit status and notes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('View-only accounts cannot change entries')).toBeInTheDocument();
  });

  it('disables editing and deleting for a view_only operator', async () => {
    serve([contact(1)], undefined, VIEWER);
    await renderTab(1);
    expect(screen.getByRole('button', { name: 'Edit status and notes' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
  });
});
