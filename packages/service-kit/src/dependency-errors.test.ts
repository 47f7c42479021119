import { isDependencyUnavailable } from './error-handler.js';

// tests/faults stopped PostgreSQL under traffic: the queries in flight failed with pg's own
// errors, which carry no code, and were answered 500 until these were recognised.
describe('isDependencyUnavailable', () => {
  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Client has encountered a connection error and is not queryable',
    'timeout exceeded when trying to connect',
    'Connection is closed.',
    'Command timed out',
  ])('reads "%s" as a dependency that went away (503)', (message) => {
    expect(isDependencyUnavailable(new Error(message))).toBe(true);
  });

  it('reads a programming error as a 500', () => {
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
  });
});
