import { truncateText } from './TruncatedText.js';

describe('truncateText', () => {
  it('keeps a text that fits', () => {
    expect(truncateText('Hello there', 80)).toBe('Hello there');
    expect(truncateText('x'.repeat(80), 80)).toBe('x'.repeat(80));
  });

  it('cuts a longer text after max characters and adds an ellipsis', () => {
    expect(truncateText('x'.repeat(81), 80)).toBe(`${'x'.repeat(80)}…`);
    expect(truncateText('Hello wonderful world', 6)).toBe('Hello…');
  });

  it('puts a multi-line text on one line', () => {
    expect(truncateText('  first line\n\nsecond\tline  ', 80)).toBe('first line second line');
  });

  it('never cuts a character made of two code units in half', () => {
    expect(truncateText('ab😀cd', 3)).toBe('ab😀…');
  });
});
