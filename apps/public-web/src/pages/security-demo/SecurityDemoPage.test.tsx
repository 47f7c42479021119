import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { ATTACK_EXAMPLES } from '@tunnelscope/contracts';
import { renderWithProviders } from '../../test/render.js';
import { SECURITY_LOG_URL, happyRoutes, fakeServer } from '../../test/fake-server.js';
import SecurityDemoPage from './SecurityDemoPage.js';

/** Per example: the threat label the detector must show, and what must be gone from the output. */
const EXPECTED: Record<string, { label: string; gone: string[] }> = {
  'script-injection': { label: 'XSS_ATTEMPT', gone: ['<script', 'alert('] },
  'html-injection': { label: 'XSS_ATTEMPT', gone: ['<h1', '<iframe', 'evil.example'] },
  'sql-injection': { label: 'SQL_INJECTION_ATTEMPT', gone: [] },
  'javascript-protocol': { label: 'XSS_ATTEMPT', gone: ['javascript:'] },
  'data-url': { label: 'XSS_ATTEMPT', gone: ['data:'] },
  'event-handler': { label: 'XSS_ATTEMPT', gone: ['<img', 'onerror'] },
};

const testInput = () => screen.getByRole('textbox', { name: 'Test input' });
const sanitizedOutput = () => screen.getByRole('group', { name: 'Sanitized output' });
const encodedOutput = () => screen.getByRole('group', { name: 'Encoded for display' });

afterEach(() => {
  act(() => notifications.clean());
});

describe('SecurityDemoPage', () => {
  it('shows the test box, the six attack examples and the live secure contact form', () => {
    fakeServer(happyRoutes());
    renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Security Demo' })).toBeInTheDocument();
    expect(testInput()).toHaveValue('');
    expect(screen.getByText('Nothing to check yet. Results appear here as you type.')).toBeInTheDocument();
    for (const label of [
      'Script injection',
      'HTML injection',
      'SQL injection',
      'JavaScript protocol',
      'Data URL',
      'Event handler',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: label })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Test ${label}` })).toBeInTheDocument();
    }
    const form = screen.getByRole('form', { name: 'Secure contact form' });
    expect(within(form).getByRole('button', { name: 'Send Secure Message' })).toBeInTheDocument();
  });

  it.each(ATTACK_EXAMPLES.map((example) => [example.label, example] as const))(
    '%s: Test fills the box, labels the threat, sanitizes the output and logs the event',
    async (_label, example) => {
      const server = fakeServer(happyRoutes());
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });
      const expected = EXPECTED[example.id]!;

      await user.click(screen.getByRole('button', { name: `Test ${example.label}` }));

      expect(testInput()).toHaveValue(example.payload);
      const threats = screen.getByRole('list', { name: 'Detected threats' });
      expect(within(threats).getByText(expected.label)).toBeInTheDocument();
      expect(within(threats).getByText('high')).toBeInTheDocument();

      const output = sanitizedOutput().textContent ?? '';
      for (const fragment of expected.gone) expect(output).not.toContain(fragment);
      // Nothing of the attack is ever rendered as markup.
      expect(document.body.querySelector('script, iframe, img, h1 ~ iframe')).toBeNull();
      // The display encoding leaves no raw markup or quote characters.
      expect(encodedOutput().textContent).not.toMatch(/[<>"']/);
      // A payload with markup is refused in a name.
      expect(screen.getByText(/^Name (contains invalid characters|can only contain)/)).toBeInTheDocument();

      await waitFor(() => expect(server.bodiesTo(SECURITY_LOG_URL)).toHaveLength(1));
      expect(server.bodiesTo(SECURITY_LOG_URL)[0]).toMatchObject({
        type: 'THREAT_DETECTED',
        details: {
          source: 'security-demo',
          example: example.id,
          threats: expect.arrayContaining([{ type: expected.label, severity: 'high' }]),
        },
      });
    },
  );

  it('shows the sanitized text of the script and HTML injections exactly', async () => {
    fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });
    await user.click(screen.getByRole('button', { name: 'Test Script injection' }));
    expect(sanitizedOutput()).toHaveTextContent('(empty: everything was removed)');
    await user.click(screen.getByRole('button', { name: 'Test HTML injection' }));
    expect(sanitizedOutput().textContent).toBe('Account suspended');
    await user.click(screen.getByRole('button', { name: 'Test SQL injection' }));
    expect(encodedOutput().textContent).toBe('&#x27; OR &#x27;1&#x27;=&#x27;1&#x27;; DROP TABLE users; --');
  });

  it('validates the typed text as a name, live', async () => {
    fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });

    await user.type(testInput(), "Anne-Marie O'Brien");
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByText('No threats detected')).toBeInTheDocument();
    expect(sanitizedOutput().textContent).toBe("Anne-Marie O'Brien");

    await user.clear(testInput());
    await user.type(testInput(), 'Agent 007');
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, apostrophes, and periods'),
    ).toBeInTheDocument();

    await user.clear(testInput());
    await user.type(testInput(), 'Ann <b>Lee</b>');
    expect(screen.getByText('Name contains invalid characters')).toBeInTheDocument();
    expect(sanitizedOutput().textContent).toBe('Ann Lee');
  });

  it('typing does not log; only a tested attack is reported', async () => {
    const server = fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });
    await user.click(testInput());
    await user.paste('<script>x</script>');
    expect(screen.getByText('XSS_ATTEMPT')).toBeInTheDocument();
    expect(server.bodiesTo(SECURITY_LOG_URL)).toHaveLength(0);
  });

  it('says why a harmless sentence is labelled: the SQL and command rules are bare patterns', async () => {
    fakeServer(happyRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityDemoPage />, { path: '/security-demo' });
    await user.type(testInput(), 'Please select a plan');
    const threats = screen.getByRole('list', { name: 'Detected threats' });
    expect(within(threats).getByText('SQL_INJECTION_ATTEMPT')).toBeInTheDocument();
    expect(within(threats).getByText('SQL keyword "SELECT" followed by whitespace')).toBeInTheDocument();
    expect(screen.getByTestId('pattern-note')).toHaveTextContent(/a harmless sentence can be labelled too/);

    await user.clear(testInput());
    await user.type(testInput(), 'Hello there');
    expect(screen.queryByTestId('pattern-note')).not.toBeInTheDocument();
  });
});
