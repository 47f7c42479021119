import { isTypingTarget, reviewKeyAction } from './review-keys.js';

function keyOn(target: EventTarget, key: string, init: Partial<KeyboardEvent> = {}) {
  return {
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: false,
    isComposing: false,
    target,
    ...init,
  };
}

describe('reviewKeyAction', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps the review keys', () => {
    const body = document.body;
    expect(reviewKeyAction(keyOn(body, 'j'))).toEqual({ kind: 'next' });
    expect(reviewKeyAction(keyOn(body, 'k'))).toEqual({ kind: 'previous' });
    expect(reviewKeyAction(keyOn(body, 'Enter'))).toEqual({ kind: 'open' });
    expect(reviewKeyAction(keyOn(body, '1'))).toEqual({ kind: 'status', status: 'Waiting' });
    expect(reviewKeyAction(keyOn(body, '2'))).toEqual({ kind: 'status', status: 'Pending' });
    expect(reviewKeyAction(keyOn(body, '3'))).toEqual({ kind: 'status', status: 'Complete' });
    expect(reviewKeyAction(keyOn(body, 'n'))).toEqual({ kind: 'notes' });
    expect(reviewKeyAction(keyOn(body, '/'))).toEqual({ kind: 'search' });
    expect(reviewKeyAction(keyOn(body, '?', { shiftKey: true }))).toEqual({ kind: 'help' });
    expect(reviewKeyAction(keyOn(body, '4'))).toBeNull();
    expect(reviewKeyAction(keyOn(body, 'x'))).toBeNull();
  });

  it('leaves keys with Ctrl, Alt or Meta (and Shift but for ?) to the browser', () => {
    const body = document.body;
    expect(reviewKeyAction(keyOn(body, 'j', { ctrlKey: true }))).toBeNull();
    expect(reviewKeyAction(keyOn(body, '1', { altKey: true }))).toBeNull();
    expect(reviewKeyAction(keyOn(body, 'k', { metaKey: true }))).toBeNull();
    expect(reviewKeyAction(keyOn(body, 'J', { shiftKey: true }))).toBeNull();
    expect(reviewKeyAction(keyOn(body, 'j', { isComposing: true }))).toBeNull();
  });

  it('fires nothing while typing in a field', () => {
    document.body.innerHTML = `
      <input id="text" /><input id="search" type="search" /><textarea id="area"></textarea>
      <select id="select"><option>a</option></select><div id="editable" contenteditable="true"><span id="inner">x</span></div>
      <input id="box" type="checkbox" /><button id="button">b</button>`;
    for (const id of ['text', 'search', 'area', 'select', 'inner']) {
      const element = document.getElementById(id)!;
      expect(isTypingTarget(element)).toBe(true);
      for (const key of ['j', 'k', 'Enter', '1', '2', '3', 'n', '/', '?'])
        expect(reviewKeyAction(keyOn(element, key))).toBeNull();
    }
    expect(reviewKeyAction(keyOn(document.getElementById('box')!, 'j'))).toEqual({ kind: 'next' });
    expect(reviewKeyAction(keyOn(document.getElementById('button')!, 'j'))).toEqual({ kind: 'next' });
  });

  it('fires nothing while a dialog or drawer is open', () => {
    document.body.innerHTML = '<section role="dialog" aria-modal="true">drawer</section>';
    expect(reviewKeyAction(keyOn(document.body, 'j'))).toBeNull();
    expect(reviewKeyAction(keyOn(document.body, '?', { shiftKey: true }))).toBeNull();
  });
});
