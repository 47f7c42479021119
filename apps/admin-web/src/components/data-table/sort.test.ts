import { ariaSort, nextSort } from './sort.js';

describe('nextSort', () => {
  it('starts a newly chosen column at desc', () => {
    expect(nextSort({ sort: 'createdAt', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(nextSort({ order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
  });

  it('flips the order when the active column is chosen again', () => {
    expect(nextSort({ sort: 'email', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(nextSort({ sort: 'email', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
  });
});

describe('ariaSort', () => {
  it('names the direction of the active column only', () => {
    expect(ariaSort({ sort: 'email', order: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSort({ sort: 'email', order: 'desc' }, 'email')).toBe('descending');
    expect(ariaSort({ sort: 'email', order: 'desc' }, 'createdAt')).toBe('none');
  });
});
