/**
 * The reference tables of `/docs/api`, read from the contracts the server answers with: the
 * answer's fields and their types come from `detectionAnswerSchema` (through zod's JSON Schema
 * output), their meaning from the docs text beside it, the errors from `DETECTION_ERRORS`. A field
 * or code added to the contracts shows here without an edit; one without a sentence fails to compile.
 */
import {
  DETECTION_ANSWER_FIELD_DOCS,
  DETECTION_ANSWER_NESTED_FIELD_DOCS,
  DETECTION_ERROR_DOCS,
  DETECTION_ERRORS,
  detectionAnswerSchema,
  problemType,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';
import { z } from 'zod';

export interface FieldRow {
  /** `country`, or `company.name` for a field inside an object. */
  name: string;
  type: string;
  meaning: string;
}

/** The part of a JSON Schema this page reads. */
interface JsonSchemaNode {
  type?: string;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchemaNode[];
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  minimum?: number;
  maximum?: number;
}

/** How a reader would say the type: 'string or null', 'integer 0–100', 'array of strings' …. */
export function typeText(node: JsonSchemaNode): string {
  if (node.anyOf) {
    const kinds = node.anyOf.map(typeText);
    const nullable = kinds.includes('null');
    const rest = kinds.filter((kind) => kind !== 'null').join(' or ');
    return nullable ? `${rest} or null` : rest;
  }
  if (node.enum) return `string (${node.enum.map(String).join(', ')})`;
  if (node.type === 'array') return node.items ? `array of ${plural(typeText(node.items))}` : 'array';
  if (node.type === 'integer' && node.minimum !== undefined && node.maximum !== undefined) {
    return `integer ${node.minimum}–${node.maximum}`;
  }
  return node.type ?? 'any';
}

function plural(kind: string): string {
  // An enum's list would repeat the evidence table: the array says only what it holds.
  return kind.startsWith('string (') ? 'strings' : `${kind}s`;
}

const answerJsonSchema = z.toJSONSchema(detectionAnswerSchema) as JsonSchemaNode;

/** The object inside a nullable field (`company`, `asn`). */
function objectOf(node: JsonSchemaNode): JsonSchemaNode | undefined {
  if (node.properties) return node;
  return node.anyOf?.find((option) => option.properties);
}

const nestedDocs: Record<string, string> = DETECTION_ANSWER_NESTED_FIELD_DOCS;

/** Every field of the answer in its order, each object's fields right after it. */
export function answerFieldRows(): FieldRow[] {
  const rows: FieldRow[] = [];
  const properties = answerJsonSchema.properties ?? {};
  for (const name of Object.keys(
    detectionAnswerSchema.shape,
  ) as (keyof typeof DETECTION_ANSWER_FIELD_DOCS)[]) {
    const node = properties[name] ?? {};
    const inner = objectOf(node);
    rows.push({
      name,
      type: inner ? (node.anyOf ? 'object or null' : 'object') : typeText(node),
      meaning: DETECTION_ANSWER_FIELD_DOCS[name],
    });
    for (const [child, childNode] of Object.entries(inner?.properties ?? {})) {
      const path = `${name}.${child}`;
      rows.push({ name: path, type: typeText(childNode), meaning: nestedDocs[path] ?? '' });
    }
  }
  return rows;
}

export interface ErrorRow {
  code: DetectionErrorCode;
  status: number;
  title: string;
  meaning: string;
  /** The anchor problem `type` URIs point at: `error-<code>`. */
  anchor: string;
}

/** Every problem code, by status then in the contracts' order. */
export function errorRows(): ErrorRow[] {
  return (Object.keys(DETECTION_ERRORS) as DetectionErrorCode[])
    .map((code) => ({
      code,
      status: DETECTION_ERRORS[code].status,
      title: DETECTION_ERRORS[code].title,
      meaning: DETECTION_ERROR_DOCS[code],
      anchor: problemType(code).split('#')[1] ?? `error-${code}`,
    }))
    .sort((a, b) => a.status - b.status);
}
