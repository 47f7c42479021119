import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { setupUser } from '../../auth/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { ErrorBoundary, isIgnoredError } from './ErrorBoundary.js';

let failures = 0;
function Flaky({ error }: { error: Error }) {
  if (failures > 0) {
    failures -= 1;
    throw error;
  }
  return <p>content</p>;
}

describe('ErrorBoundary', () => {
  let consoleError: jest.SpiedFunction<typeof console.error>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows Something went wrong with Try Again and Refresh Page; Try Again renders again', async () => {
    failures = 2; // React renders a failing component twice before giving up
    const user = setupUser();
    renderWithProviders(
      <ErrorBoundary>
        <Flaky error={new Error('boom')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('ignores errors from development tooling', () => {
    const hmr = new Error('[vite] failed to reload /src/App.tsx');
    expect(isIgnoredError(hmr)).toBe(true);
    const extension = new Error('Cannot read properties of undefined');
    extension.stack = 'TypeError: x\n    at chrome-extension://abcdef/content.js:1:2';
    expect(isIgnoredError(extension)).toBe(true);
    expect(isIgnoredError(new Error('ResizeObserver loop completed with undelivered notifications.'))).toBe(
      true,
    );
    expect(isIgnoredError(new Error('Cannot read properties of null'))).toBe(false);

    failures = 2; // both of React's attempts fail, so the boundary catches it
    renderWithProviders(
      <ErrorBoundary>
        <Flaky error={hmr} />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('gives up ignoring a tooling error that keeps coming back', () => {
    failures = 100;
    renderWithProviders(
      <ErrorBoundary>
        <Flaky error={new Error('[vite] hot update failed')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
