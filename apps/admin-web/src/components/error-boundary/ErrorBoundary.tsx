import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/**
 * Errors raised by development tooling rather than by the panel, which are ignored: Vite's HMR
 * client, browser extensions injecting scripts, and the benign ResizeObserver loop notice. They
 * never replace the panel with the error screen.
 */
const IGNORED = [
  /ResizeObserver loop/i,
  /\[vite\]/i,
  /\[hmr\]/i,
  /hot update/i,
  /@vite\/client/i,
  /(chrome|moz|safari|safari-web)-extension:\/\//i,
];

export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  return IGNORED.some((re) => re.test(text));
}

/** An ignored error that keeps coming back is a real one after this many fresh renders. */
const MAX_IGNORED_RETRIES = 3;

interface State {
  error: Error | null;
  /** An ignored error was just caught: render nothing until componentDidCatch remounts the children. */
  ignoring: boolean;
  /** How many times the children were remounted after an ignored error (their key). */
  retries: number;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, ignoring: false, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return isIgnoredError(error) ? { ignoring: true } : { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isIgnoredError(error)) {
      console.error('Unhandled UI error', error, info.componentStack);
      return;
    }
    // A tooling error (an HMR swap, an extension) is not the panel's: render the children afresh.
    this.setState((state): State =>
      state.retries >= MAX_IGNORED_RETRIES
        ? { ...state, error, ignoring: false }
        : { ...state, ignoring: false, retries: state.retries + 1 },
    );
  }

  override render() {
    if (this.state.ignoring) return null;
    if (!this.state.error) return <Fragment key={this.state.retries}>{this.props.children}</Fragment>;
    return (
      <Container size="sm" py={80} component="main">
        <Stack align="center" gap="md" role="alert">
          <Title order={1}>Something went wrong</Title>
          <Text c="dimmed" ta="center">
            An unexpected error stopped the admin panel. Try again, or refresh the page if it keeps happening.
          </Text>
          <Group>
            <Button onClick={() => this.setState({ error: null, retries: 0 })}>Try Again</Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
}
