import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary, isIgnoredError } from './ErrorBoundary.js';
import { LayoutContext } from './layout/layout-context.js';

/** An error whose stack points into a browser extension's code, as an injected script's would. */
function extensionError(): Error {
  const error = new Error("Cannot read properties of undefined (reading 'x')");
  error.stack = `TypeError: ${error.message}\n    at e (chrome-extension://abcdefghijklmnop/content.js:1:200)`;
  return error;
}

function Thrower({ error }: { error: () => Error | null }): ReactNode {
  const thrown = error();
  if (thrown) throw thrown;
  return <p>Page content</p>;
}

function inLayout(children: ReactNode, locationKey = 'a') {
  return (
    <MantineProvider>
      <LayoutContext.Provider value={{ insideMain: true, locationKey }}>
        <main>
          <ErrorBoundary>{children}</ErrorBoundary>
        </main>
      </LayoutContext.Provider>
    </MantineProvider>
  );
}

let consoleError: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  // React reports every caught error on the console; the tests look at the screen instead.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('isIgnoredError', () => {
  it.each([
    'chrome-extension://abc/x.js',
    'moz-extension://abc/x.js',
    'safari-web-extension://abc/x.js',
    'safari-extension://abc/x.js',
  ])('ignores an error thrown from %s', (url) => {
    const error = new Error('boom');
    error.stack = `Error: boom\n    at f (${url}:1:1)`;
    expect(isIgnoredError(error)).toBe(true);
  });

  it("keeps the page's own errors", () => {
    expect(isIgnoredError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong' with no second <main> inside the layout's", () => {
    const { container } = render(inLayout(<Thrower error={() => new Error('page bug')} />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(container.querySelectorAll('main')).toHaveLength(1);
  });

  it('is the one <main> itself outside the layout', () => {
    const { container } = render(
      <MantineProvider>
        <ErrorBoundary>
          <Thrower error={() => new Error('layout bug')} />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Something went wrong' }),
    );
  });

  it('clears itself when the visitor navigates', () => {
    let broken = true;
    const page = <Thrower error={() => (broken ? new Error('page bug') : null)} />;
    const { rerender } = render(inLayout(page, 'first'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    broken = false;
    rerender(inLayout(page, 'first'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    rerender(inLayout(page, 'second'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });

  it("does not show an extension's error: the page renders again", () => {
    // React renders once more by itself after a first failure; the boundary sees the second.
    let throws = 2;
    render(inLayout(<Thrower error={() => (throws-- > 0 ? extensionError() : null)} />));
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalledWith('Unhandled UI error', expect.anything(), expect.anything());
  });

  it('shows the screen after all when an extension breaks every render', () => {
    render(inLayout(<Thrower error={extensionError} />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
