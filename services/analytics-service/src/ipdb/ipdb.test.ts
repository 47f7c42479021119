import { ipdbUnavailableReason, unavailableMessage } from './ipdb.js';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('ipdbUnavailableReason', () => {
  it.each([
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      'the connection was refused',
    ],
    [pgError('3D000', 'database "x" does not exist'), 'the database does not exist'],
    [pgError('57014', 'canceling statement due to statement timeout'), 'it did not answer in time'],
    [
      pgError('55P03', 'canceling statement due to lock timeout'),
      'its tables are locked (a bulk load is running)',
    ],
    [
      pgError('57P01', 'terminating connection due to administrator command'),
      'it is shutting down or starting up',
    ],
    [pgError('08006'), 'the connection failed'],
    [new Error('Connection terminated unexpectedly'), 'the connection failed'],
    [new Error('timeout exceeded when trying to connect'), 'it did not answer in time'],
    [
      pgError('42P01', 'relation "mv_entity_totals" does not exist'),
      'its schema is missing (run pnpm db:migrate)',
    ],
  ])('names why the database cannot answer (%s)', (err, reason) => {
    expect(ipdbUnavailableReason(err)).toBe(reason);
  });

  it('leaves other errors to the error handler', () => {
    expect(ipdbUnavailableReason(pgError('42804', 'UNION types cannot be matched'))).toBeNull();
    expect(ipdbUnavailableReason(new TypeError('x is undefined'))).toBeNull();
  });

  it('words the offline message for the panel', () => {
    expect(unavailableMessage('the connection was refused')).toBe(
      'The IP database cannot be reached: the connection was refused.',
    );
  });
});
