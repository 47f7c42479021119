import { Code, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { runtimeConfig } from '../../../runtime-config.js';
import { Section, SectionHeader } from '../Section.js';
import classes from '../HomePage.module.css';

/** The detection call the section advertises: shown as an example, never called by this page. */
export const API_PATH = '/api/v1/vpn/check';
export const SAMPLE_IP = '203.0.113.42';

/** The sample answer, with its fields in the order the API sends them. */
export const SAMPLE_RESPONSE = {
  ip: SAMPLE_IP,
  vendor: 'NordVPN',
  is_vpn: true,
  is_proxy: false,
  country: 'NL',
  region: 'North Holland',
  city: 'Amsterdam',
  company: { name: 'M247 Europe SRL', domain: 'm247.com', type: 'hosting' },
  asn: { asn: 'AS9009', name: 'M247 Europe SRL', route: '203.0.113.0/24' },
};

/** The sample shows as cut off: its closing brace gives way to an ellipsis. */
export function truncatedSample(sample: object = SAMPLE_RESPONSE): string {
  const lines = JSON.stringify(sample, null, 2).split('\n');
  lines.pop();
  lines[lines.length - 1] += ',';
  return [...lines, '  …'].join('\n');
}

export function sampleRequest(origin: string, brandName: string): string {
  const keyVariable = `${brandName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_API_KEY`;
  return `curl "${origin}${API_PATH}?ip=${SAMPLE_IP}" \\\n  -H "X-API-Key: $${keyVariable}"`;
}

const POINTS = [
  'One GET request per address, one JSON answer.',
  'VPN vendor, proxy flag, location, company and ASN in the same response.',
  'Your API key travels in a header; keep it secret and never share it.',
];

/** 7. API (#api): sample request and (cut-off) sample response. */
export function ApiSection() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Section id="api" titleId="api-title">
      <div className={classes.apiGrid}>
        <div>
          <SectionHeader
            titleId="api-title"
            eyebrow="API"
            title="One call, the whole picture"
            centered={false}
          >
            Ask about any IPv4 or IPv6 address and get back everything we know about it as JSON.
          </SectionHeader>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                <IconCheck size={14} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point} className={classes.muted}>
                {point}
              </List.Item>
            ))}
          </List>
          <Group gap="sm" mt="xl" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="teal" size={36} radius="md" aria-hidden>
              <IconLock size={20} />
            </ThemeIcon>
            <Text size="sm" className={classes.muted}>
              <Text span fw={700} c="var(--mantine-color-text)">
                Encrypted in transit.
              </Text>{' '}
              All data is sent over HTTPS with 256-bit SSL encryption.
            </Text>
          </Group>
        </div>
        <div>
          <Title order={3} fz="md" mb="xs" id="api-request-title">
            Request
          </Title>
          <Code block className={classes.code} tabIndex={0} role="region" aria-labelledby="api-request-title">
            {sampleRequest(origin, runtimeConfig.brandName)}
          </Code>
          <Title order={3} fz="md" mt="lg" mb="xs" id="api-response-title">
            Response
          </Title>
          <div className={classes.responseWrap}>
            <Code
              block
              className={classes.code}
              tabIndex={0}
              role="region"
              aria-labelledby="api-response-title"
            >
              {truncatedSample()}
            </Code>
          </div>
          <Text size="xs" className={classes.muted} mt="xs">
            Sample shortened; the full response carries more fields.
          </Text>
        </div>
      </div>
    </Section>
  );
}
