import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render.js';
import { toast } from './toast.js';

// jsdom has no PointerEvent; a MouseEvent with the pointer fields stands in for it.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
}

function Page() {
  return (
    <button type="button" onClick={() => toast('Copied to clipboard', 'VPN-1', 'success')}>
      Copy
    </button>
  );
}

/** Advances fake time in small steps so React effects run between timers, as in a browser. */
function tick(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50)
    act(() => jest.advanceTimersByTime(Math.min(50, ms - elapsed)));
}

const toastElement = () => document.querySelector<HTMLElement>('[data-toast]');

describe('toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => notifications.clean());
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    renderWithProviders(<Page />);
    act(() => toast('First', 'one'));
    act(() => toast('Second', 'two', 'error'));
    tick(300);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(1);
  });

  it('closes itself after 5000 ms', () => {
    renderWithProviders(<Page />);
    act(() => toast('Email sent', 'Check your inbox'));
    tick(4900);
    expect(screen.getByText('Email sent')).toBeInTheDocument();
    tick(1000);
    expect(screen.queryByText('Email sent')).not.toBeInTheDocument();
  });

  it('F8 moves focus to the toast; Escape dismisses it and gives focus back', () => {
    renderWithProviders(<Page />);
    const button = screen.getByRole('button', { name: 'Copy' });
    button.focus();
    act(() => button.click());
    tick(300);
    fireEvent.keyDown(document, { key: 'F8' });
    expect(toastElement()).toHaveFocus();
    // It stays while the visitor reads it.
    tick(10_000);
    expect(screen.getByText('Copied to clipboard')).toBeInTheDocument();
    fireEvent.keyDown(toastElement()!, { key: 'Escape' });
    tick(1000);
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('a swipe right of 50 px dismisses it; a shorter one or a swipe left of 50 px does not', () => {
    renderWithProviders(<Page />);
    act(() => toast('Swipe me', 'please'));
    tick(300);
    const swipe = (from: number, to: number) => {
      const element = toastElement()!;
      fireEvent.pointerDown(element, { pointerId: 1, clientX: from, button: 0, pointerType: 'touch' });
      fireEvent.pointerUp(element, { pointerId: 1, clientX: to, button: 0, pointerType: 'touch' });
      tick(50);
    };
    swipe(100, 130);
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    swipe(100, 50);
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    swipe(100, 150);
    tick(1000);
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });
});
