import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { RecordStatus } from '@tunnelscope/contracts';
import { renderWithProviders } from '../../test/render.js';
import { fakeAdminServer, refused, setupUser, type FakeAnswer } from '../data-table/testing.js';
import { StatusEditor, type StatusEditorProps } from './StatusEditor.js';

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PATCH_PATH = `/data/waitlist/${ID}`;

function serve(answer: () => FakeAnswer = () => stored('Complete', 'Called back')) {
  return fakeAdminServer((call) => (call.method === 'PATCH' ? answer() : undefined));
}

const stored = (status: RecordStatus, notes: string): FakeAnswer => ({
  status: 200,
  body: {
    success: true,
    message: 'Updated successfully',
    data: { status, notes, version: 2, updatedAt: null, updatedBy: null },
  },
});

function renderEditor(props: Partial<StatusEditorProps> = {}) {
  const onSaved = jest.fn();
  renderWithProviders(
    <StatusEditor
      endpoint="/data/waitlist"
      id={ID}
      status="Waiting"
      notes=""
      canEdit
      onSaved={onSaved}
      {...props}
    />,
  );
  return { onSaved };
}

const editButton = () => screen.getByRole('button', { name: 'Edit status and notes' });

describe('StatusEditor', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows the full status name, the notes and an edit button', () => {
    serve();
    renderEditor({ status: 'Complete', notes: 'Sent the invitation' });
    expect(screen.getByText('Complete')).toBeInTheDocument();
    expect(screen.getByText('Sent the invitation')).toBeInTheDocument();
    expect(editButton()).not.toHaveAttribute('aria-disabled');
  });

  it('shows Wait, Pend and OK on the compact badge', () => {
    serve();
    const { unmount } = renderWithProviders(
      <>
        {(['Waiting', 'Pending', 'Complete'] as const).map((status) => (
          <StatusEditor
            key={status}
            endpoint="/data/vpn-requests"
            id={ID}
            status={status}
            notes=""
            variant="compact"
            canEdit
          />
        ))}
      </>,
    );
    expect(screen.getAllByTestId('status-editor').map((cell) => cell.textContent)).toEqual([
      'Wait',
      'Pend',
      'OK',
    ]);
    expect(screen.getByText('OK').closest('[data-status]')).toHaveAttribute('title', 'Complete');
    unmount();
  });

  it('cuts long notes in the cell and keeps the full notes as the tooltip', () => {
    serve();
    const notes = `Long note ${'x'.repeat(100)}`;
    renderEditor({ notes });
    const preview = screen.getByTestId('status-notes');
    expect(preview.textContent).toHaveLength(61);
    expect(preview.textContent?.endsWith('…')).toBe(true);
    expect(preview).toHaveAttribute('title', notes);
  });

  it('offers Wait, Pend and Done, and saves the chosen status with the notes as PATCH {endpoint}/{id}', async () => {
    const server = serve();
    const user = setupUser();
    const { onSaved } = renderEditor({ status: 'Pending', notes: 'Old note' });
    await user.click(editButton());

    const status = screen.getByRole('radiogroup', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Waiting', 'Pending', 'Complete']);
    expect(within(status).getByRole('radio', { name: 'Pend' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Old note');

    // Any status can be chosen freely, back and forth.
    await user.click(within(status).getByRole('radio', { name: 'Wait' }));
    await user.click(within(status).getByRole('radio', { name: 'Done' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.clear(notes);
    await user.type(notes, 'Called back');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(server.callsTo('PATCH', PATCH_PATH).map((c) => c.body)).toEqual([
      { status: 'Complete', notes: 'Called back' },
    ]);
    // Back to display mode with what the server stored, the focus on the edit button.
    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByText('Complete')).toBeInTheDocument();
    expect(screen.getByText('Called back')).toBeInTheDocument();
    expect(editButton()).toHaveFocus();
  });

  it('discards the changes on Cancel without calling the server', async () => {
    const server = serve();
    const user = setupUser();
    const { onSaved } = renderEditor({ status: 'Waiting', notes: 'Keep me' });
    await user.click(editButton());
    await user.click(screen.getByRole('radio', { name: 'Done' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' and more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();

    // Editing again starts from the row's values, not the discarded ones.
    await user.click(editButton());
    expect(screen.getByRole('radio', { name: 'Wait' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Keep me');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument();
  });

  it("shows a red 'Update failed' toast with the server's reason and keeps the editor open", async () => {
    serve(() => refused(400, 'Notes must not exceed 5000 characters'));
    const user = setupUser();
    const { onSaved } = renderEditor();
    await user.click(editButton());
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Notes must not exceed 5000 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Draft');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says 'Update failed' when the server answers success false", async () => {
    serve(() => ({ status: 200, body: { success: false } }));
    const user = setupUser();
    renderEditor();
    await user.click(editButton());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('The status and notes were not saved. Please try again.')).toBeInTheDocument();
  });

  it('saves the compact one-line notes field with Enter', async () => {
    const server = fakeAdminServer((call) =>
      call.method === 'PATCH' ? stored('Pending', 'Checking the store page') : undefined,
    );
    const user = setupUser();
    renderWithProviders(
      <StatusEditor
        endpoint="/data/vpn-requests"
        id={ID}
        status="Waiting"
        notes=""
        variant="compact"
        canEdit
      />,
    );
    await user.click(editButton());
    await user.click(screen.getByRole('radio', { name: 'Pend' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Checking the store page{Enter}');
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/data/vpn-requests/${ID}`).map((c) => c.body)).toEqual([
        { status: 'Pending', notes: 'Checking the store page' },
      ]),
    );
    expect(await screen.findByText('Pend')).toBeInTheDocument();
  });

  it("disables the edit button for a view_only operator, with the 'View only' hint", async () => {
    const server = serve();
    const user = setupUser();
    renderEditor({ canEdit: false });
    expect(editButton()).toHaveAttribute('aria-disabled', 'true');
    await user.hover(editButton());
    expect(await screen.findByText('View only')).toBeInTheDocument();
    await user.click(editButton());
    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
