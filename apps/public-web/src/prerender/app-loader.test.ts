import { jest } from '@jest/globals';
import { APP_LOADER_SOURCE, loadAppAfterFirstPaint } from './app-loader.js';

function listApp(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'ts-app';
  meta.content = content;
  document.head.append(meta);
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map((el) =>
    el instanceof HTMLScriptElement
      ? `script ${el.getAttribute('src')}`
      : `preload ${el.getAttribute('href')}`,
  );

describe('loadAppAfterFirstPaint', () => {
  let frames: (() => void)[];
  const win = () =>
    ({
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    }) as unknown as Window;

  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    document.head.innerHTML = '';
  });
  afterEach(() => jest.useRealTimers());

  it('starts the entry and its chunks only after a painted frame', () => {
    listApp('/assets/index.js /assets/react.js /assets/Page.js');
    loadAppAfterFirstPaint(document, win());
    jest.advanceTimersByTime(0);
    expect(added()).toEqual([]); // no frame yet
    frames.shift()!();
    expect(added()).toEqual([]); // the frame callback runs before its paint
    jest.advanceTimersByTime(0);
    expect(added()).toEqual([
      'preload /assets/react.js',
      'preload /assets/Page.js',
      'script /assets/index.js',
    ]);
    const script = document.head.querySelector('script[type="module"]') as HTMLScriptElement;
    expect(script.hasAttribute('crossorigin')).toBe(true); // as vite's own tags: anonymous CORS
  });

  it('starts once, and within half a second in a tab that paints no frame', () => {
    listApp('/assets/index.js');
    loadAppAfterFirstPaint(document, win());
    jest.advanceTimersByTime(500);
    expect(added()).toEqual(['script /assets/index.js']);
    frames.shift()!();
    jest.advanceTimersByTime(1000);
    expect(added()).toEqual(['script /assets/index.js']);
  });

  it('does nothing on a page without the list', () => {
    loadAppAfterFirstPaint(document, win());
    jest.advanceTimersByTime(1000);
    expect(added()).toEqual([]);
  });

  it('is serialized whole for the inline script', () => {
    expect(APP_LOADER_SOURCE).toMatch(/^\(function loadAppAfterFirstPaint\(/);
    expect(APP_LOADER_SOURCE.endsWith('(document, window);')).toBe(true);
  });
});
