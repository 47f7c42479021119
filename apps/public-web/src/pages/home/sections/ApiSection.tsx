import { Anchor, Button, Code, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../../runtime-config.js';
import { Section, SectionHeader } from '../Section.js';
import { SAMPLE_RESPONSE, sampleRequest } from './api-sample.js';
import classes from '../HomePage.module.css';
import { useClientOrigin } from '../../../seo/use-client-origin.js';

/** The public API reference (DETECTION_API_DOCS_PATH of the contracts, which the home chunk does not import). */
export const API_DOCS_PATH = '/docs/api';

/** The sample shows as cut off: its closing brace gives way to an ellipsis. */
export function truncatedSample(sample: object = SAMPLE_RESPONSE): string {
  const lines = JSON.stringify(sample, null, 2).split('\n');
  lines.pop();
  lines[lines.length - 1] += ',';
  return [...lines, '  …'].join('\n');
}

// Every claim here is something the API does (issue 12); the batch limit is BATCH_MAX_IPS of the
// contracts, held equal by the home page's test.
export const POINTS = [
  'One GET request per address, or one POST with up to 1,000 addresses and an answer for each.',
  'VPN vendor, proxy and Tor flags, location, company and ASN in the same response, with the evidence behind it and a confidence score.',
  'IPv4 and IPv6 alike; keys with export get the same data offline as MMDB and CSV files.',
  'Your API key travels in a header; keep it secret and never share it.',
];

/** 7. API (#api): sample request and (cut-off) sample response. */
export function ApiSection() {
  const origin = useClientOrigin();
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
          <Button
            component={Link}
            to={API_DOCS_PATH}
            variant="light"
            mt="xl"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Read the API reference
          </Button>
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
            Sample shortened; the full response carries more fields.{' '}
            {/* Underlined: inside a sentence, colour alone would not tell the link apart. */}
            <Anchor component={Link} to={API_DOCS_PATH} size="xs" underline="always">
              See every field
            </Anchor>
          </Text>
        </div>
      </div>
    </Section>
  );
}
