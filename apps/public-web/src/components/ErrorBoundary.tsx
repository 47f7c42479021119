import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/** Errors thrown by development tooling (HMR, extensions), not by the page: never shown. */
const IGNORED = [/ResizeObserver loop/i, /\[vite\]/i, /hot update/i, /chrome-extension:\/\//i];

export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  return IGNORED.some((re) => re.test(text));
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State | null {
    return isIgnoredError(error) ? null : { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isIgnoredError(error)) console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py={80} component="main">
        <Stack align="center" gap="md" role="alert">
          <Title order={1}>Something went wrong</Title>
          <Text c="dimmed" ta="center">
            An unexpected error stopped this page. Try again, or refresh the page if it keeps happening.
          </Text>
          <Group>
            <Button onClick={() => this.setState({ error: null })}>Try Again</Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
}
