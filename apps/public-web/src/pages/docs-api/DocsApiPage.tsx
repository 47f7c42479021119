import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
/**
 * `/docs/api`: the detection API's public reference. Everything a client can get wrong is read
 * from the contracts the server answers with (paths, limits, fields, types, evidence codes, error
 * codes and statuses, header names, key format), so the page cannot drift from the API; the prose
 * around them is this page's. A lazy chunk: zod and the schemas never reach the home route.
 */
import { Anchor, Code, Container, Stack, Table, Text, Title } from '@mantine/core';
import {
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_DEFAULTS,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  BATCH_MAX_IPS,
  checkQuerySchema,
  DATA_VERSION_HEADER,
  DB_IP_ATTRIBUTION,
  DETECTION_API,
  EVIDENCE_CODES,
  formatDataVersion,
  KEY_QUERY_PARAMETERS,
  PROBLEM_CONTENT_TYPE,
  problemType,
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICIES,
  RATE_LIMIT_POLICY_HEADER,
  type EvidenceCode,
} from '@tunnelscope/contracts';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../components/layout/use-page-title.js';
import { runtimeConfig } from '../../runtime-config.js';
import { keyVariable, SAMPLE_FULL_ANSWER, SAMPLE_IP } from '../home/sections/api-sample.js';
import { answerFieldRows, errorRows } from './reference.js';
import classes from './DocsApiPage.module.css';
import { useClientOrigin } from '../../seo/use-client-origin.js';

const number = (value: number) => value.toLocaleString('en-US');
const maxAge = checkQuerySchema.shape.max_age_days.unwrap();
const SECONDS_PER_DAY = 86_400;

interface DocSection {
  id: string;
  title: string;
  content: ReactNode;
}

function Sample({ label, children }: { label: string; children: string }) {
  return (
    <Code block className={classes.code} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Code>
  );
}

/**
 * A table that scrolls sideways on a phone: the scrolling box is a focusable, named region so a
 * keyboard user can reach and scroll it (axe: scrollable-region-focusable), like the code blocks.
 */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Problem `type` URIs point at `/docs/api#error-<code>`; the page is a lazy chunk that may arrive
 * after the layout's own scroll to the anchor, so it scrolls there itself once it has rendered.
 */
function useScrollToOwnAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

export default function DocsApiPage() {
  usePageTitle('API reference');
  useScrollToOwnAnchor();
  const origin = useClientOrigin();
  const key = `$${keyVariable(runtimeConfig.brandName)}`;
  const fields = useMemo(answerFieldRows, []);
  const errors = useMemo(errorRows, []);
  const check = `${origin}${DETECTION_API.check.path}`;
  const keyLength = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH;
  const policyExample = `"${RATE_LIMIT_POLICIES.burst}";q=${API_KEY_DEFAULTS.burstPerSecond};w=1, "${RATE_LIMIT_POLICIES.daily}";q=${API_KEY_DEFAULTS.dailyQuota};w=${SECONDS_PER_DAY}`;

  const sections: DocSection[] = [
    {
      id: 'quick-start',
      title: 'Quick start',
      content: (
        <>
          <p>
            Send one address with <Code>GET {DETECTION_API.check.path}</Code> and your key in the{' '}
            <Code>X-API-Key</Code> header:
          </p>
          <Sample label="Single lookup">{`curl "${check}?ip=${SAMPLE_IP}" \\\n  -H "X-API-Key: ${key}"`}</Sample>
          <p>
            Without an <Code>ip</Code> parameter the API answers for the address your request came from. The
            key may also travel as <Code>Authorization: Bearer {API_KEY_PREFIX}…</Code>.
          </p>
          <p>Check up to {number(BATCH_MAX_IPS)} addresses in one request:</p>
          <Sample label="Batch lookup">{`curl "${check}" \\\n  -H "X-API-Key: ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"ips": ["${SAMPLE_IP}", "2001:4860:4860::8888", "not-an-ip"]}'`}</Sample>
          <p>
            And see how much of today&rsquo;s quota is left (this call costs nothing):{' '}
            <Code>GET {DETECTION_API.usage.path}</Code>.
          </p>
        </>
      ),
    },
    {
      id: 'keys',
      title: 'API keys',
      content: (
        <>
          <p>
            A key looks like <Code>{API_KEY_PREFIX}</Code> followed by {API_KEY_RANDOM_LENGTH} random letters
            and digits and a {API_KEY_CHECKSUM_LENGTH}-character checksum ({keyLength} characters in all). The
            checksum lets the API refuse a mistyped key at once, and the fixed prefix lets secret scanners
            recognise a key that leaked into a repository. We show a key once, when it is created, and store
            only its SHA-256 hash: keep it in your secret store.
          </p>
          <p>
            <strong>Keys belong on servers.</strong> Call the API from your back end, never from a browser or
            a mobile app: the API sends no CORS headers, so browsers refuse to read its answers. A key in the
            query string (
            {KEY_QUERY_PARAMETERS.map((name, i) => (
              <span key={name}>
                {i > 0 && ', '}
                <Code>{name}</Code>
              </span>
            ))}
            ) is refused with <Anchor href="#error-key_in_query">key_in_query</Anchor>, because addresses end
            up in logs and browser histories.
          </p>
          <p>
            A key can be limited to the networks your servers call from; a call from elsewhere is refused with{' '}
            <Anchor href="#error-client_not_allowed">client_not_allowed</Anchor>. When a key is rotated, the
            old one keeps working for the grace period chosen at rotation (at most 7 days), so you can deploy
            the new key without downtime.
          </p>
        </>
      ),
    },
    {
      id: 'answer',
      title: 'The answer',
      content: (
        <>
          <p>
            Every lookup answers one JSON object with these fields, always in this order. Fields without data
            are <Code>null</Code>, never missing.
          </p>
          <ScrollTable label="Answer fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Meaning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field.name} id={`field-${field.name}`} data-testid="answer-field">
                  <Table.Td>
                    <Code>{field.name}</Code>
                  </Table.Td>
                  <Table.Td className={classes.type}>{field.type}</Table.Td>
                  <Table.Td>{field.meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <p>The answer to the quick start&rsquo;s first request:</p>
          <Sample label="Sample answer">{JSON.stringify(SAMPLE_FULL_ANSWER, null, 2)}</Sample>
        </>
      ),
    },
    {
      id: 'evidence',
      title: 'Evidence and confidence',
      content: (
        <>
          <p>
            <Code>evidence</Code> lists why the answer says what it says, as stable codes you can match on.
            New codes may be added; existing ones keep their meaning.
          </p>
          <ScrollTable label="Evidence codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Meaning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(Object.keys(EVIDENCE_CODES) as EvidenceCode[]).map((code) => (
                <Table.Tr key={code} id={`evidence-${code}`} data-testid="evidence-code">
                  <Table.Td>
                    <Code>{code}</Code>
                  </Table.Td>
                  <Table.Td>{EVIDENCE_CODES[code]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <p>
            <Code>confidence</Code> is an integer from 0 to 100 computed from that evidence alone: the more
            and the stronger the evidence, the higher it is. Authoritative lists weigh the most (Apple's
            published iCloud Private Relay egress, the Tor Project's exit list), then direct observations by
            our collectors (an exit we saw in use, a proxy seen relaying); a recent sighting or listing and a
            live hostname of the VPN add to them; a hosting network adds a little to a detection and nothing
            on its own. An address with no detection answers 0, and so does a stale one; a bogon answers 100,
            since it certainly is no exit. <Code>sources</Code> names where each flag comes from and when that
            source last saw the address. The weights may be tuned as our collectors improve; the codes keep
            their meaning.
          </p>
        </>
      ),
    },
    {
      id: 'parameters',
      title: 'Parameters',
      content: (
        <ul>
          <li>
            <Code>ip</Code>: one IPv4 or IPv6 address. An IPv4-mapped IPv6 address (
            <Code>::ffff:a.b.c.d</Code>) is answered as the IPv4 address. An empty value, a CIDR, a range or
            anything else that is not one address is <Anchor href="#error-invalid_ip">invalid_ip</Anchor>;
            leave the parameter out to ask about your own address.
          </li>
          <li>
            <Code>max_age_days</Code> ({maxAge.minValue ?? 1} to {number(maxAge.maxValue ?? 0)}): detections
            last seen longer ago than this count as stale: their flags are false, <Code>vendor</Code> and{' '}
            <Code>vpn</Code> are null, <Code>confidence</Code> is 0 and <Code>evidence</Code> says{' '}
            <Code>stale_detection</Code>; <Code>first_seen</Code> and <Code>last_seen</Code> still tell when
            the address was seen.
          </li>
        </ul>
      ),
    },
    {
      id: 'batch',
      title: 'Batch',
      content: (
        <>
          <p>
            <Code>POST {DETECTION_API.batch.path}</Code> with a JSON body <Code>{'{ "ips": [ … ] }'}</Code> of
            1 to {number(BATCH_MAX_IPS)} strings answers <Code>{'{ "results": [ … ] }'}</Code>: one item per
            input, in the same order, each echoing its <Code>ip</Code>. A string that is not an address
            becomes <Code>{'{ "ip": "not-an-ip", "error": { "code": "invalid_ip", "detail": "…" } }'}</Code>{' '}
            and the others are still answered.
          </p>
          <ul>
            <li>
              A body that is not that shape (not JSON, <Code>ips</Code> missing, not an array of strings, or
              empty) is refused whole with <Anchor href="#error-invalid_body">invalid_body</Anchor>.
            </li>
            <li>
              More than {number(BATCH_MAX_IPS)} addresses is{' '}
              <Anchor href="#error-batch_too_large">batch_too_large</Anchor>.
            </li>
            <li>
              A batch counts as one request against the per-second burst and as one lookup per address against
              the daily quota.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'bogons',
      title: 'Bogons',
      content: (
        <p>
          Private, loopback, link-local, documentation, carrier-grade NAT, multicast and the other
          special-purpose addresses of the IANA registries (IPv4 and IPv6) are never looked up. They answer{' '}
          <Code>bogon: true</Code> with every flag false and the evidence <Code>special_purpose</Code>.
        </p>
      ),
    },
    {
      id: 'rate-limits',
      title: 'Quotas and rate limits',
      content: (
        <>
          <p>
            Each key has a daily quota (by default {number(API_KEY_DEFAULTS.dailyQuota)} lookups) and a
            per-second burst (by default {number(API_KEY_DEFAULTS.burstPerSecond)} requests). Every answer
            carries the IETF rate-limit headers:
          </p>
          <Sample label="Rate-limit headers">{`${RATE_LIMIT_POLICY_HEADER}: ${policyExample}\n${RATE_LIMIT_HEADER}: "${RATE_LIMIT_POLICIES.daily}";r=9941;t=3600`}</Sample>
          <p>
            <Code>{RATE_LIMIT_POLICY_HEADER}</Code> lists the limits (<Code>q</Code> requests per window of{' '}
            <Code>w</Code> seconds); <Code>{RATE_LIMIT_HEADER}</Code> names the limit closest to running out,
            with what remains (<Code>r</Code>) and the seconds until it resets (<Code>t</Code>). Past a limit
            the API answers 429 with <Anchor href="#error-quota_exceeded">quota_exceeded</Anchor> or{' '}
            <Anchor href="#error-rate_limited">rate_limited</Anchor> and a <Code>Retry-After</Code> header in
            seconds: wait that long before trying again.
          </p>
        </>
      ),
    },
    {
      id: 'data-version',
      title: 'Data version',
      content: (
        <p>
          Every answer names the snapshot of our data it came from in the <Code>{DATA_VERSION_HEADER}</Code>{' '}
          header:{' '}
          <Code>{`${DATA_VERSION_HEADER}: ${formatDataVersion({ version: 42, date: '2026-11-25' })}`}</Code>{' '}
          (the version, then the day it was made). <Code>GET {DETECTION_API.usage.path}</Code> reports it too.
          Two answers with the same version came from the same data.
        </p>
      ),
    },
    {
      id: 'errors',
      title: 'Errors',
      content: (
        <>
          <p>
            Every error is an RFC 9457 problem (<Code>{PROBLEM_CONTENT_TYPE}</Code>) with a stable{' '}
            <Code>code</Code>; <Code>status</Code> equals the HTTP status and <Code>type</Code> links to the
            code&rsquo;s entry below. Bad input is always a 4xx, never a 5xx.
          </p>
          <Sample label="Problem example">
            {JSON.stringify(
              {
                type: problemType('invalid_ip'),
                title: 'Invalid IP address',
                status: 400,
                detail: "'10.0.0.0/8' is not one IPv4 or IPv6 address",
                code: 'invalid_ip',
              },
              null,
              2,
            )}
          </Sample>
          <ScrollTable label="Error codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((error) => (
                <Table.Tr
                  key={error.code}
                  id={error.anchor}
                  data-testid="error-code"
                  className={classes.anchored}
                >
                  <Table.Td>
                    <Code>{error.code}</Code>
                  </Table.Td>
                  <Table.Td>{error.status}</Table.Td>
                  <Table.Td>{error.title}</Table.Td>
                  <Table.Td>{error.meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </>
      ),
    },
    {
      id: 'export',
      title: 'Offline export',
      content: (
        <>
          <p>
            Keys allowed to export can download the whole dataset, built from the same snapshot that answers
            lookups, each record carrying the answer&rsquo;s fields (vendor, flags, location, company and
            ASN):
          </p>
          <ul>
            <li>
              <Code>GET {DETECTION_API.exportMmdb.path}</Code>: a MaxMind DB file that opens in the usual MMDB
              readers (for example <Code>maxmind</Code> for Node.js or <Code>geoip2</Code> for Python).
            </li>
            <li>
              <Code>GET {DETECTION_API.exportCsv.path}</Code>: the same networks as CSV.
            </li>
          </ul>
          <p>
            Other keys get <Anchor href="#error-export_not_allowed">export_not_allowed</Anchor>. Both files
            carry the DB-IP attribution below.
          </p>
        </>
      ),
    },
    {
      id: 'openapi',
      title: 'OpenAPI',
      content: (
        <p>
          The OpenAPI 3.1 document of the API, generated from the same schemas as this page, is at{' '}
          <Anchor href={DETECTION_API.openapi.path}>
            <Code>{DETECTION_API.openapi.path}</Code>
          </Anchor>
          . It needs no key: load it into your HTTP client or code generator.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy',
      content: (
        <p>
          The addresses you check are personal data. By default the API keeps none of them: it answers each
          lookup and keeps only the number of lookups each key made per day, for quotas and billing. See the{' '}
          <Anchor component={Link} to="/privacy">
            privacy policy
          </Anchor>
          .
        </p>
      ),
    },
    {
      id: 'attribution',
      title: 'Attribution',
      content: (
        <p>
          Country, region and city data come from DB-IP under the Creative Commons Attribution 4.0 licence,
          which asks every page and file showing them to credit it:{' '}
          <Anchor href={DB_IP_ATTRIBUTION.href} target="_blank" rel="noopener noreferrer">
            {DB_IP_ATTRIBUTION.text}
          </Anchor>
          .
        </p>
      ),
    },
  ];

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4} component="header">
          <Title order={1}>API reference</Title>
          <Text c="dimmed">
            The {runtimeConfig.brandName} detection API: VPN, proxy and Tor detection with location, company
            and network for any IPv4 or IPv6 address.
          </Text>
        </Stack>
        <div className={classes.grid}>
          <nav aria-labelledby="docs-toc-heading" className={classes.toc}>
            <Title order={2} size="h5" id="docs-toc-heading" mb="sm">
              Contents
            </Title>
            <ol className={classes.tocList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className={classes.tocLink}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className={classes.body}>
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className={classes.anchored}
              >
                <Title order={2} id={`${section.id}-title`} size="h3" mt="xl" mb="sm">
                  {section.title}
                </Title>
                {section.content}
              </section>
            ))}
          </div>
        </div>
      </Stack>
    </Container>
  );
}
