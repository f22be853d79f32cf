import { Ajv, type ValidateFunction } from 'ajv';
import { operationByPath } from '#contract/operations.ts';
import { buildOpenApi } from './openapi.ts';

/**
 * Checks an answer of the service against the OpenAPI document's own response schemas (ajv), so the document
 * cannot drift from what the service answers. The service test helper runs it on every response it sees.
 */

interface MediaType {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Doc {
  paths: Record<string, { post: { responses: Record<string, ResponseObject> } }>;
  components: Record<string, unknown>;
}

export interface SeenResponse {
  /** Path below /v1. */
  path: string;
  method: string;
  http: number;
  contentType: string | undefined;
  text: string;
  body: unknown;
}

let doc: Doc | undefined;
let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Record<string, unknown>, components: unknown): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    ajv ??= new Ajv({ strict: false, allErrors: true });
    // The document's $refs point into #/components: give the schema the document's components as its root.
    v = ajv.compile({ allOf: [schema], components });
    compiled.set(key, v);
  }
  return v;
}

/** What is wrong with a response by the document, or undefined when it fits. */
export function responseProblem(r: SeenResponse): string | undefined {
  if (!operationByPath(r.path)) return undefined; // Not an operation: the document has nothing to say.
  doc ??= buildOpenApi() as unknown as Doc;
  const responses = doc.paths[r.path]?.post.responses;
  if (!responses) return `${r.path}: not in the OpenAPI document`;
  const declared = responses[String(r.http)];
  if (!declared) {
    return `${r.method} ${r.path} answered HTTP ${r.http}, which the OpenAPI document does not declare (${Object.keys(responses).join(', ')}): ${r.text.slice(0, 300)}`;
  }
  if (!declared.content) {
    return r.text === '' ? undefined : `${r.path} HTTP ${r.http}: a body where the document declares none`;
  }
  const type = (r.contentType ?? '').split(';')[0].trim();
  const media = declared.content[type];
  if (!media) return `${r.path} HTTP ${r.http}: content type ${type} not declared`;
  if (type !== 'application/json' || !media.schema) return undefined;
  const validate = validatorFor(`${r.path} ${r.http}`, media.schema, doc.components);
  if (validate(r.body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
  return `${r.path} HTTP ${r.http} does not fit its OpenAPI response schema: ${errors}; body ${r.text.slice(0, 300)}`;
}
