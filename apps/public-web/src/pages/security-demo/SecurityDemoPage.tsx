import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PinInput.css';
/**
 * Security demo: a test box that shows, live, what the sanitizer keeps, which attack shapes the
 * threat detector sees and whether the text would pass as a name; the six attack examples, each with
 * a Test button; and the live secure contact form.
 *
 * Visitor text is only ever rendered as text (React escapes it); the entity-encoded form is shown
 * as text too, to illustrate what encodeForDisplay produces for HTML templates.
 */
import {
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFlask, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ATTACK_EXAMPLES,
  FIELD_SANITIZE_OPTIONS,
  MAX_LENGTHS,
  detectThreats,
  SHELL_METACHARACTERS,
  encodeForDisplay,
  highestSeverity,
  isChangedBySanitizing,
  sanitizeInput,
  validateName,
  type AttackExample,
  type Threat,
  type ThreatSeverity,
} from '@tunnelscope/contracts';
import { logSecurityEvent } from '../../api/forms.js';
import { usePageTitle } from '../../components/layout/use-page-title.js';
import { SecureContactForm } from '../../components/secure-contact/SecureContactForm.js';
import { runtimeConfig } from '../../runtime-config.js';
import classes from './SecurityDemoPage.module.css';

const SEVERITY_COLOR: Record<ThreatSeverity, string> = { high: 'red', medium: 'orange', low: 'yellow' };

/** What the test box reports about its text; pure, so the page and its tests agree. */
function analyse(input: string) {
  const sanitized = sanitizeInput(input, FIELD_SANITIZE_OPTIONS.message);
  const threats = detectThreats(input);
  return {
    sanitized,
    encoded: encodeForDisplay(sanitized),
    threats,
    highest: highestSeverity(threats),
    changed: isChangedBySanitizing(input),
    nameError: validateName(input),
  };
}

function summaryOf(input: string, threats: readonly Threat[], nameError: string | null): string {
  if (input.trim() === '') return '';
  const found =
    threats.length === 0
      ? 'No threats detected.'
      : `${threats.length} ${threats.length === 1 ? 'threat' : 'threats'} detected: ${threats
          .map((threat) => `${threat.type} (${threat.severity})`)
          .join(', ')}.`;
  return `${found} Name validation: ${nameError ?? 'Valid'}.`;
}

function ResultBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" component="h3">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function OutputText({ value, emptyText, label }: { value: string; emptyText: string; label: string }) {
  return (
    <pre className={classes.output} role="group" aria-label={label} tabIndex={0}>
      {value === '' ? <span className={classes.empty}>{emptyText}</span> : value}
    </pre>
  );
}

function ThreatList({ threats }: { threats: readonly Threat[] }) {
  if (threats.length === 0) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconShieldCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Text size="sm">No threats detected</Text>
      </Group>
    );
  }
  return (
    <ul className={classes.threatList} aria-label="Detected threats">
      {threats.map((threat) => (
        <li key={threat.type}>
          <Group gap={6} wrap="wrap" align="center">
            <Badge color={SEVERITY_COLOR[threat.severity]} variant="filled" radius="sm" tt="none">
              {threat.type}
            </Badge>
            <span className={classes.srOnly}>severity</span>
            <Badge color={SEVERITY_COLOR[threat.severity]} variant="light" radius="sm" tt="none">
              {threat.severity}
            </Badge>
            <Text size="sm" c="dimmed" component="span">
              {threat.description}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}

/** The two rules that match any keyword or character: say so, so a flagged sentence makes sense. */
const LOOSE_RULE_TYPES: ReadonlySet<string> = new Set(['SQL_INJECTION_ATTEMPT', 'COMMAND_INJECTION_ATTEMPT']);

function PatternNote({ threats }: { threats: readonly Threat[] }) {
  if (!threats.some((threat) => LOOSE_RULE_TYPES.has(threat.type))) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="pattern-note">
      These labels come from simple patterns, not from understanding the text: any SQL keyword followed by a
      space (&quot;select a plan&quot;) or any shell metacharacter ({SHELL_METACHARACTERS.join(' ')}, as in
      &quot;AT&amp;T&quot;) is flagged, so a harmless sentence can be labelled too. A label alone does not
      block anything.
    </Text>
  );
}

function NameValidation({ error }: { error: string | null }) {
  if (error === null) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Text size="sm" c="teal.7" fw={600}>
          Valid
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconX size={18} color="var(--mantine-color-error)" aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size="sm" c="var(--mantine-color-error)" fw={600}>
        {error}
      </Text>
    </Group>
  );
}

function ExampleCard({ example, onTest }: { example: AttackExample; onTest(example: AttackExample): void }) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" className={classes.exampleCard}>
      <Text fw={600} component="h3" id={headingId}>
        {example.label}
      </Text>
      <Code
        block
        className={classes.payload}
        tabIndex={0}
        role="group"
        aria-label={`${example.label} payload`}
      >
        {example.payload}
      </Code>
      <Button
        variant="light"
        leftSection={<IconFlask size={16} aria-hidden="true" />}
        onClick={() => onTest(example)}
        aria-label={`Test ${example.label}`}
      >
        Test
      </Button>
    </Paper>
  );
}

export default function SecurityDemoPage() {
  const [input, setInput] = useState('');
  const testerRef = useRef<HTMLElement>(null);
  const ids = {
    tester: useId(),
    examples: useId(),
    form: useId(),
  };

  const result = useMemo(() => analyse(input), [input]);
  const summary = summaryOf(input, result.threats, result.nameError);
  // Announced after a pause, so screen readers are not read every keystroke.
  const [announced] = useDebouncedValue(summary, 600);

  usePageTitle('Security Demo');

  const testExample = (example: AttackExample) => {
    setInput(example.payload);
    const threats = detectThreats(example.payload);
    if (threats.length > 0) {
      logSecurityEvent('THREAT_DETECTED', {
        source: 'security-demo',
        example: example.id,
        threats: threats.map(({ type, severity }) => ({ type, severity })),
        highestSeverity: highestSeverity(threats),
      });
    }
    testerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const isEmpty = input.trim() === '';

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        <Stack gap="xs" component="header">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size="lg" radius="md" variant="light" aria-hidden="true">
              <IconShieldCheck size={22} />
            </ThemeIcon>
            <Title order={1}>Security Demo</Title>
          </Group>
          <Text c="dimmed" maw="70ch">
            See how {runtimeConfig.brandName} handles what visitors type. Text is cleaned before it is used,
            attack patterns are recognized and labeled, and every field is checked against its own rules, both
            in your browser and on our servers.
          </Text>
        </Stack>

        <Paper
          component="section"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby={ids.tester}
          ref={testerRef}
          className={`${classes.panel} ${classes.anchorTarget}`}
        >
          <Stack gap="md">
            <Title order={2} size="h3" id={ids.tester}>
              Try the input filter
            </Title>
            <div className={classes.testerGrid}>
              <Stack gap="xs">
                <Textarea
                  label="Test input"
                  description="Type anything, or test one of the attack examples below."
                  value={input}
                  onChange={(event) => setInput(event.currentTarget.value)}
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={MAX_LENGTHS.message}
                  spellCheck={false}
                  autoComplete="off"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {`${input.length} / ${MAX_LENGTHS.message}`}
                    <span className={classes.srOnly}> characters</span>
                  </Text>
                  <Button variant="subtle" size="xs" onClick={() => setInput('')} disabled={input === ''}>
                    Clear
                  </Button>
                </Group>
              </Stack>

              <Stack gap="md">
                {isEmpty ? (
                  <Text size="sm" c="dimmed">
                    Nothing to check yet. Results appear here as you type.
                  </Text>
                ) : (
                  <>
                    <ResultBlock label="Sanitized output">
                      <OutputText
                        value={result.sanitized}
                        label="Sanitized output"
                        emptyText="(empty: everything was removed)"
                      />
                      <Text size="xs" c="dimmed">
                        {result.changed
                          ? 'Changed by sanitizing: markup or active content was removed. A name, email or subject containing it is refused.'
                          : 'Not changed by sanitizing: no markup or active content was found.'}
                      </Text>
                    </ResultBlock>
                    <ResultBlock label="Encoded for display (HTML entities)">
                      <OutputText value={result.encoded} label="Encoded for display" emptyText="(empty)" />
                    </ResultBlock>
                    <ResultBlock label="Detected threats">
                      <ThreatList threats={result.threats} />
                      <PatternNote threats={result.threats} />
                      {result.threats.some((threat) => threat.type === 'SQL_INJECTION_ATTEMPT') && (
                        <Group gap={6} wrap="nowrap" align="flex-start">
                          <IconAlertTriangle
                            size={16}
                            aria-hidden="true"
                            style={{ flexShrink: 0, marginTop: 2 }}
                          />
                          <Text size="xs" c="dimmed">
                            SQL is plain text to the sanitizer, so it is kept; our servers never build queries
                            from text (every query is parameterized), and the encoded form neutralizes its
                            quotes for display.
                          </Text>
                        </Group>
                      )}
                    </ResultBlock>
                    <ResultBlock label="Name validation">
                      <NameValidation error={result.nameError} />
                    </ResultBlock>
                  </>
                )}
              </Stack>
            </div>
            <div aria-live="polite" aria-atomic="true" className={classes.srOnly}>
              {announced}
            </div>
          </Stack>
        </Paper>

        <section aria-labelledby={ids.examples} className={classes.panel}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h3" id={ids.examples}>
                Attack examples
              </Title>
              <Text size="sm" c="dimmed">
                Each Test button puts the payload into the test box. Detected attacks are reported to our
                security log.
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {ATTACK_EXAMPLES.map((example) => (
                <ExampleCard key={example.id} example={example} onTest={testExample} />
              ))}
            </SimpleGrid>
          </Stack>
        </section>

        <Paper
          component="section"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby={ids.form}
          className={classes.panel}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h3" id={ids.form}>
                Secure contact form
              </Title>
              <Text size="sm" c="dimmed">
                A live form: messages sent here reach our team once you confirm your email address.
              </Text>
            </Stack>
            <SecureContactForm labelledBy={ids.form} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
