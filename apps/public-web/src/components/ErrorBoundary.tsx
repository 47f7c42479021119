import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { LayoutContext } from './layout/layout-context.js';

/**
 * Errors that are not the page's own: thrown by code a browser extension injected (its frames come
 * from an extension URL) or by development tooling (HMR). They never show the error screen.
 */
const IGNORED = [
  /ResizeObserver loop/i,
  /\[vite\]/i,
  /hot update/i,
  /(?:chrome|moz|safari(?:-web)?|ms-browser)-extension:\/\//i,
];

export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  return IGNORED.some((re) => re.test(text));
}

/**
 * How many ignored errors in a row are answered by rendering the page again. An extension that
 * breaks every render would otherwise loop for ever; after these, the error screen shows after all.
 */
const MAX_SILENT_RETRIES = 2;

interface State {
  error: Error | null;
  /** Bumped to mount the children afresh after an ignored error. */
  generation: number;
  silentRetries: number;
}

/**
 * The error screen ('Something went wrong', Try Again, Refresh Page). Inside AppLayout it renders
 * in the layout's <main> and clears itself when the location changes; outside (the app's outermost
 * boundary) it is the page's one <main> itself. An ignored error (above) mounts the children again
 * instead of showing the screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  static override contextType = LayoutContext;
  declare context: ContextType<typeof LayoutContext>;

  override state: State = { error: null, generation: 0, silentRetries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isIgnoredError(error) && this.state.silentRetries < MAX_SILENT_RETRIES) {
      this.setState((state) => ({
        error: null,
        generation: state.generation + 1,
        silentRetries: state.silentRetries + 1,
      }));
      return;
    }
    console.error('Unhandled UI error', error, info.componentStack);
  }

  /** The location this boundary last rendered at: a new one means the visitor navigated. */
  private seenLocation: string | null = null;

  private clear = () => this.setState({ error: null, silentRetries: 0 });

  override componentDidMount(): void {
    this.seenLocation = this.context.locationKey;
  }

  override componentDidUpdate(): void {
    const location = this.context.locationKey;
    if (location === this.seenLocation) return;
    this.seenLocation = location;
    if (this.state.error) this.clear();
  }

  override render() {
    const { error, generation } = this.state;
    if (!error) {
      return <ErrorBoundaryChildren key={generation}>{this.props.children}</ErrorBoundaryChildren>;
    }
    // An ignored error is being retried (componentDidCatch): render nothing for that instant.
    if (isIgnoredError(error) && this.state.silentRetries < MAX_SILENT_RETRIES) return null;
    return (
      <Container size="sm" py={80} component={this.context.insideMain ? 'section' : 'main'}>
        <Stack align="center" gap="md" role="alert">
          <Title order={1} tabIndex={-1}>
            Something went wrong
          </Title>
          <Text c="dimmed" ta="center">
            An unexpected error stopped this page. Try again, or refresh the page if it keeps happening.
          </Text>
          <Group>
            <Button onClick={this.clear}>Try Again</Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
}

/** A keyed wrapper, so a new generation mounts the children afresh. */
function ErrorBoundaryChildren({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
