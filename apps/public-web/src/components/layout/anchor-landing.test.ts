import { jest } from '@jest/globals';
import { ANCHOR_HOLD_MS, scrollToAndHold } from './anchor-landing.js';

/** jsdom has no ResizeObserver: this one lets a test say when the page changed size. */
class FakeResizeObserver {
  static live = new Set<FakeResizeObserver>();
  constructor(private readonly callback: () => void) {}
  observe() {
    FakeResizeObserver.live.add(this);
  }
  disconnect() {
    FakeResizeObserver.live.delete(this);
  }
  static resizePage() {
    for (const observer of [...FakeResizeObserver.live]) observer.callback();
  }
}

const SMOOTH = { behavior: 'smooth', block: 'start' };
const INSTANT = { behavior: 'instant', block: 'start' };

describe('scrollToAndHold', () => {
  let target: HTMLElement;
  let scrollIntoView: jest.Mock<(options?: ScrollIntoViewOptions) => void>;

  beforeEach(() => {
    jest.useFakeTimers();
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
    target = document.createElement('section');
    document.body.append(target);
    scrollIntoView = jest.fn();
    target.scrollIntoView = scrollIntoView;
  });

  afterEach(() => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
    target.remove();
    FakeResizeObserver.live.clear();
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });

  it('scrolls smoothly, then lands exactly when the smooth scroll ends', () => {
    scrollToAndHold(target);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH]]);
    window.dispatchEvent(new Event('scrollend'));
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT]]);
  });

  it('lands again when the page above grows after the scroll ended (the section would sit short of the top)', () => {
    scrollToAndHold(target);
    FakeResizeObserver.resizePage(); // during the smooth scroll: the scroll itself is still on its way
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scrollend'));
    FakeResizeObserver.resizePage();
    FakeResizeObserver.resizePage();
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT], [INSTANT], [INSTANT]]);
  });

  it('lands once more when the hold ends, in case the smooth scroll never reported its end', () => {
    scrollToAndHold(target);
    jest.advanceTimersByTime(ANCHOR_HOLD_MS);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT]]);
    FakeResizeObserver.resizePage();
    window.dispatchEvent(new Event('scrollend'));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    expect(FakeResizeObserver.live.size).toBe(0);
  });

  it.each(['wheel', 'touchstart', 'keydown', 'pointerdown'])(
    'lets go at once when the visitor scrolls by themselves (%s)',
    (input) => {
      scrollToAndHold(target);
      window.dispatchEvent(new Event(input));
      window.dispatchEvent(new Event('scrollend'));
      FakeResizeObserver.resizePage();
      jest.advanceTimersByTime(ANCHOR_HOLD_MS);
      expect(scrollIntoView.mock.calls).toEqual([[SMOOTH]]);
      expect(FakeResizeObserver.live.size).toBe(0);
    },
  );

  it('still lands on scroll end and at the hold’s end without ResizeObserver', () => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    scrollToAndHold(target);
    window.dispatchEvent(new Event('scrollend'));
    jest.advanceTimersByTime(ANCHOR_HOLD_MS);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT], [INSTANT]]);
  });
});
