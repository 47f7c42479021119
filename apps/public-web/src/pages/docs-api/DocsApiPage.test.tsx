import { screen, within } from '@testing-library/react';
import {
  API_KEY_DEFAULTS,
  API_KEY_PREFIX,
  BATCH_MAX_IPS,
  DATA_VERSION_HEADER,
  DETECTION_API,
  DETECTION_ERRORS,
  detectionAnswerSchema,
  EVIDENCE_CODES,
  problemType,
  PUBLIC_ROUTES,
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';
import { AppRoutes } from '../../App.js';
import { runtimeConfig } from '../../runtime-config.js';
import { renderWithProviders } from '../../test/render.js';
import { SAMPLE_FULL_ANSWER } from '../home/sections/api-sample.js';
import DocsApiPage from './DocsApiPage.js';
import { answerFieldRows, typeText } from './reference.js';

/** The page's text with whitespace collapsed, as a reader sees it. */
const text = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');
const sectionNamed = (name: string) =>
  within(screen.getByRole('heading', { level: 2, name }).closest('section')!);

function renderDocs(path = '/docs/api') {
  return renderWithProviders(<DocsApiPage />, { path });
}

describe('DocsApiPage', () => {
  it('is a public route served by the SPA, as a lazy page named in the browser tab', async () => {
    expect(PUBLIC_ROUTES).toContain('/docs/api');
    renderWithProviders(<AppRoutes />, { path: '/docs/api' });
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    expect(document.title).toBe(`API reference | ${runtimeConfig.brandName}`);
  });

  it('starts with curl: a GET with the key in X-API-Key, and a batch POST', () => {
    renderDocs();
    const start = sectionNamed('Quick start');
    const single = start.getByRole('region', { name: 'Single lookup' });
    expect(single).toHaveTextContent(`${DETECTION_API.check.path}?ip=${SAMPLE_FULL_ANSWER.ip}`);
    expect(single).toHaveTextContent('X-API-Key: $TUNNELSCOPE_API_KEY');
    const batch = start.getByRole('region', { name: 'Batch lookup' }).textContent!;
    expect(batch).toContain('-d \'{"ips": [');
    expect(batch).toContain('Content-Type: application/json');
  });

  it('lists every field of the answer, in its order, with its type and a meaning', () => {
    renderDocs();
    const rows = screen.getAllByTestId('answer-field');
    const names = rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    const topLevel = names.filter((name) => !name!.includes('.'));
    expect(topLevel).toEqual(Object.keys(detectionAnswerSchema.shape));
    expect(names).toEqual(
      expect.arrayContaining([
        'company.name',
        'company.domain',
        'company.type',
        'asn.asn',
        'asn.name',
        'asn.route',
      ]),
    );
    for (const row of rows) {
      const [, type, meaning] = within(row).getAllByRole('cell');
      expect(type!.textContent).not.toBe('');
      expect(meaning!.textContent!.length).toBeGreaterThan(10);
    }
    const confidence = rows.find((row) => row.id === 'field-confidence')!;
    expect(confidence).toHaveTextContent('integer 0–100');
    expect(rows.find((row) => row.id === 'field-vendor')).toHaveTextContent('string or null');
  });

  it('shows a full sample answer that the schema accepts', () => {
    renderDocs();
    const sample = JSON.parse(screen.getByRole('region', { name: 'Sample answer' }).textContent!) as unknown;
    expect(detectionAnswerSchema.parse(sample)).toEqual(SAMPLE_FULL_ANSWER);
  });

  it('explains every evidence code and how confidence is computed', () => {
    renderDocs();
    const codes = screen.getAllByTestId('evidence-code');
    expect(codes.map((row) => row.id)).toEqual(Object.keys(EVIDENCE_CODES).map((code) => `evidence-${code}`));
    for (const [code, meaning] of Object.entries(EVIDENCE_CODES)) {
      expect(
        within(codes.find((row) => row.id === `evidence-${code}`)!).getByText(meaning),
      ).toBeInTheDocument();
    }
    expect(
      sectionNamed('Evidence and confidence').getByText(/integer from 0 to 100 computed from that evidence/),
    ).toBeInTheDocument();
  });

  it('gives every error code its status and the anchor its problem type points at', () => {
    renderDocs();
    const rows = screen.getAllByTestId('error-code');
    expect(rows).toHaveLength(Object.keys(DETECTION_ERRORS).length);
    for (const [code, { status, title }] of Object.entries(DETECTION_ERRORS)) {
      const anchor = problemType(code as DetectionErrorCode).split('#')[1]!;
      const row = document.getElementById(anchor);
      expect(row).not.toBeNull();
      const cells = within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells.slice(0, 3)).toEqual([code, String(status), title]);
    }
    const statuses = rows.map((row) => Number(within(row).getAllByRole('cell')[1]!.textContent));
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });

  it('documents rate limits, batch rules, bogons, max_age_days, the data version and the key format', () => {
    renderDocs();
    const all = text();
    for (const phrase of [
      `${RATE_LIMIT_POLICY_HEADER}: "burst";q=${API_KEY_DEFAULTS.burstPerSecond};w=1, "daily";q=${API_KEY_DEFAULTS.dailyQuota};w=86400`,
      `${RATE_LIMIT_HEADER}: "daily";r=`,
      'Retry-After',
      `1 to ${BATCH_MAX_IPS.toLocaleString('en-US')} strings`,
      'one request against the per-second burst and as one lookup per address against the daily quota',
      'bogon: true',
      'max_age_days (1 to 3,650)',
      'stale_detection',
      `${DATA_VERSION_HEADER}: 42; date=2026-11-25`,
      API_KEY_PREFIX,
      'no CORS headers',
      'Keys belong on servers',
      '(by default 10,000 lookups)',
    ]) {
      expect(all).toContain(phrase);
    }
  });

  it('points to the offline export, the OpenAPI document, the privacy rule and credits DB-IP', () => {
    renderDocs();
    const all = text();
    expect(all).toContain(DETECTION_API.exportMmdb.path);
    expect(all).toContain(DETECTION_API.exportCsv.path);
    expect(sectionNamed('OpenAPI').getByRole('link', { name: DETECTION_API.openapi.path })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    );
    expect(sectionNamed('Privacy').getByText(/keeps none of them/)).toBeInTheDocument();
    expect(sectionNamed('Privacy').getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });

  it('has a contents list whose every entry leads to a section of the page', () => {
    renderDocs();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of within(toc).getAllByRole('link')) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).toHaveAccessibleName(link.textContent!);
    }
  });
});

describe('reference tables', () => {
  it('say types as a reader would', () => {
    expect(typeText({ type: 'boolean' })).toBe('boolean');
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(typeText({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe('array of strings');
    expect(typeText({ anyOf: [{ type: 'string', enum: ['isp', 'hosting'] }, { type: 'null' }] })).toBe(
      'string (isp, hosting) or null',
    );
  });

  it('cover every field of the answer schema, objects included', () => {
    const rows = answerFieldRows();
    expect(rows.find((row) => row.name === 'company')?.type).toBe('object or null');
    expect(rows.every((row) => row.meaning !== '')).toBe(true);
  });
});
