import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render.js';
import { CopyButton } from './CopyButton.js';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

/** Lets the click's promise settle under fake timers. */
const flush = () => act(async () => undefined);

describe('CopyButton', () => {
  afterEach(() => {
    jest.useRealTimers();
    act(() => notifications.clean());
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  });

  it('copies the value, shows a check, and turns back after 2 seconds', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async (_text: string) => undefined);
    stubClipboard(writeText);
    renderWithProviders(<CopyButton value="JBSWY3DPEHPK3PXP" label="Copy secret" />);

    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    const button = screen.getByRole('button', { name: 'Copied' });
    expect(button.querySelector('.tabler-icon-check')).not.toBeNull();

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const reset = screen.getByRole('button', { name: 'Copy secret' });
    expect(reset.querySelector('.tabler-icon-copy')).not.toBeNull();
    expect(reset.querySelector('.tabler-icon-check')).toBeNull();
  });

  it('says Failed to copy to clipboard when the browser refuses', async () => {
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    renderWithProviders(<CopyButton value="secret" label="Copy secret" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
  });

  it('says Failed to copy to clipboard without a clipboard API (plain HTTP)', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    renderWithProviders(<CopyButton value="secret" label="Copy secret" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });
});
