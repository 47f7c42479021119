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

/** The section's distance from the viewport's top: an instant landing puts it at LANDED. */
const LANDED = 80;
let sectionTop = 3000;
/** The page above the section grows: the section moves down by `by`. */
function growAbove(by = 200) {
  sectionTop += by;
  FakeResizeObserver.resizePage();
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
    sectionTop = 3000;
    scrollIntoView = jest.fn((options?: ScrollIntoViewOptions) => {
      if (options?.behavior === 'instant') sectionTop = LANDED;
    });
    target.scrollIntoView = scrollIntoView;
    target.getBoundingClientRect = () => ({ top: sectionTop }) as DOMRect;
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
    growAbove(); // during the smooth scroll: the scroll itself is still on its way
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scrollend'));
    growAbove();
    growAbove();
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT], [INSTANT], [INSTANT]]);
    expect(sectionTop).toBe(LANDED);
  });

  it('scrolls no more once landed: the scrollend of its own landing, or a resize that moved nothing, is not a reason', () => {
    scrollToAndHold(target);
    window.dispatchEvent(new Event('scrollend'));
    // An instant scroll fires scrollend even when nothing moved: landing again would loop.
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('scrollend'));
    FakeResizeObserver.resizePage(); // e.g. the page below grew: the section did not move
    jest.advanceTimersByTime(ANCHOR_HOLD_MS);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT]]);
  });

  it('lands once more when the hold ends, in case the smooth scroll never reported its end', () => {
    scrollToAndHold(target);
    jest.advanceTimersByTime(ANCHOR_HOLD_MS);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT]]);
    growAbove();
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
      growAbove();
      jest.advanceTimersByTime(ANCHOR_HOLD_MS);
      expect(scrollIntoView.mock.calls).toEqual([[SMOOTH]]);
      expect(FakeResizeObserver.live.size).toBe(0);
    },
  );

  it('still lands on scroll end and at the hold’s end without ResizeObserver', () => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    scrollToAndHold(target);
    window.dispatchEvent(new Event('scrollend'));
    sectionTop += 200; // the page above grew, unobserved
    jest.advanceTimersByTime(ANCHOR_HOLD_MS);
    expect(scrollIntoView.mock.calls).toEqual([[SMOOTH], [INSTANT], [INSTANT]]);
  });
});
