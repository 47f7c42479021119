import {
  DETECTION_API,
  DETECTION_ERRORS,
  PROBLEM_CONTENT_TYPE,
  detectionAnswerSchema,
} from './detection-api.js';
import { DETECTION_OPERATION_CODES, buildDetectionOpenApi } from './detection-openapi.js';

// The document is walked as loose JSON: every lookup below is asserted on, so `any` is safe here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

describe('the detection API OpenAPI document', () => {
  const doc = buildDetectionOpenApi() as Json;

  it('is an OpenAPI 3.1 document with info, servers, paths and components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(
      ['BatchRequest', 'BatchResponse', 'DetectionAnswer', 'Problem', 'Usage'].sort(),
    );
    // Plain JSON: it survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('lists every path and method of the contract', () => {
    for (const { method, path } of Object.values(DETECTION_API)) {
      expect(doc.paths[path]?.[method.toLowerCase()]).toBeDefined();
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const raw of refs) {
      const pointer = raw.slice('"$ref":"#/'.length, -1).split('/');
      let node: unknown = doc;
      for (const part of pointer) node = (node as Json)[part];
      expect(node).toBeDefined();
    }
  });

  it('names every error code, with its status, and answers each as a problem', () => {
    const listed = new Set<string>();
    for (const methods of Object.values(doc.paths) as Json[]) {
      for (const op of Object.values(methods) as Json[]) {
        for (const [status, response] of Object.entries(op.responses as Json)) {
          if (status === '200') continue;
          const content = (response as Json).content[PROBLEM_CONTENT_TYPE];
          expect(content.schema).toEqual({ $ref: '#/components/schemas/Problem' });
          for (const [code, example] of Object.entries(content.examples as Json)) {
            expect((example as Json).value.status).toBe(Number(status));
            expect(DETECTION_ERRORS[code as keyof typeof DETECTION_ERRORS].status).toBe(Number(status));
            listed.add(code);
          }
        }
      }
    }
    // not_found answers unknown paths, which no operation is.
    expect([...listed, 'not_found'].sort()).toEqual(Object.keys(DETECTION_ERRORS).sort());
    expect(Object.keys(doc['x-problem-codes']).sort()).toEqual(Object.keys(DETECTION_ERRORS).sort());
    expect(doc.components.schemas.Problem.properties.code.enum.sort()).toEqual(
      Object.keys(DETECTION_ERRORS).sort(),
    );
  });

  it('keys every call but the document itself, and describes the rate-limit headers', () => {
    for (const [name, ep] of Object.entries(DETECTION_API)) {
      const op = doc.paths[ep.path][ep.method.toLowerCase()];
      if (name === 'openapi') expect(op.security).toEqual([]);
      else expect(op.security).toEqual([{ ApiKeyHeader: [] }, { BearerKey: [] }]);
      expect(Object.keys(DETECTION_OPERATION_CODES)).toContain(name);
    }
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining(['X-Data-Version', 'RateLimit-Policy', 'RateLimit', 'Retry-After']),
    );
    expect(doc.paths['/api/v1/vpn/check'].get.responses['429'].headers).toHaveProperty('Retry-After');
  });

  it('describes the answer with every field of the contract, in its order', () => {
    expect(Object.keys(doc.components.schemas.DetectionAnswer.properties)).toEqual(
      Object.keys(detectionAnswerSchema.shape),
    );
  });
});
