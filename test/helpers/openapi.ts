import type { App } from '../../src/server/types';
import { apiPaths } from '../../src/shared/api-paths';
import { request, type Method } from './requests';

// The API as /api/openapi.json documents it: what the authorization matrix and the
// property-based tests walk, so a route added later is covered (or fails them) by itself.

/** The parts of an OpenAPI 3 JSON schema the tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface DocumentedOperation {
  method: Method;
  /** The path template, with `{name}` for each path parameter. */
  path: string;
  /** `METHOD /path/{param}`: how tables name an operation. */
  key: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The JSON body schema, if the operation takes a JSON body. */
  jsonBody: JsonSchema | undefined;
  /** Whether the body is multipart/form-data (a file upload). */
  multipart: boolean;
  operation: OpenApiOperation;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export async function fetchOpenApi(app: App): Promise<OpenApiDocument> {
  const response = await request(app, 'GET', apiPaths.openApiDocument);
  if (response.statusCode !== 200)
    throw new Error(`GET ${apiPaths.openApiDocument} answered ${response.statusCode}: ${response.body}`);
  return response.json<OpenApiDocument>();
}

export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        operation,
      });
    }
  }
  return operations;
}

/** The path with each `{name}` replaced by its value, percent-encoded as a browser would send it. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

export function withQuery(url: string, query: Record<string, string> | undefined): string {
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}?${new URLSearchParams(query).toString()}`;
}
