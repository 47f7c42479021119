import { DETECTION_API, DETECTION_API_DOCS_PATH, detectionAnswerSchema } from '@tunnelscope/contracts';
import {
  API_PATH,
  keyVariable,
  SAMPLE_FULL_ANSWER,
  SAMPLE_IP,
  SAMPLE_RESPONSE,
  sampleRequest,
} from './api-sample.js';
import { API_DOCS_PATH } from './ApiSection.js';

describe('the API sample', () => {
  it('names the paths the contracts name (the home chunk keeps its own copies to stay free of zod)', () => {
    expect(API_PATH).toBe(DETECTION_API.check.path);
    expect(API_DOCS_PATH).toBe(DETECTION_API_DOCS_PATH);
  });

  it('is an answer the API can give, field for field, in its order', () => {
    const parsed = detectionAnswerSchema.parse(SAMPLE_FULL_ANSWER);
    expect(Object.keys(SAMPLE_FULL_ANSWER)).toEqual(Object.keys(detectionAnswerSchema.shape));
    expect(parsed.ip).toBe(SAMPLE_IP);
    expect(parsed.bogon).toBe(false);
    expect(parsed.is_anonymous).toBe(parsed.is_vpn || parsed.is_proxy || parsed.is_tor || parsed.is_relay);
  });

  it("shows on the landing page the full answer's first fields, unchanged", () => {
    const shown = Object.keys(SAMPLE_RESPONSE);
    expect(shown).toEqual(Object.keys(SAMPLE_FULL_ANSWER).slice(0, shown.length));
    for (const key of shown) {
      expect(SAMPLE_RESPONSE[key as keyof typeof SAMPLE_RESPONSE]).toEqual(
        SAMPLE_FULL_ANSWER[key as keyof typeof SAMPLE_FULL_ANSWER],
      );
    }
  });

  it('reads the key from a shell variable named after the brand, in a header', () => {
    expect(keyVariable('TunnelScope')).toBe('TUNNELSCOPE_API_KEY');
    expect(sampleRequest('https://example.com', 'TunnelScope')).toBe(
      `curl "https://example.com/api/v1/vpn/check?ip=${SAMPLE_IP}" \\\n  -H "X-API-Key: $TUNNELSCOPE_API_KEY"`,
    );
  });
});
