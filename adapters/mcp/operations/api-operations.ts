import type { Json } from '../../http/openapi/json.js';

export const API_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** `GET /conversions/{id}`: an operation of the public document, as the tool list and its test name it. */
export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

export interface ApiOperation {
  readonly key: string;
  readonly method: ApiMethod;
  /** The path under `/api/v1`, with `{param}` placeholders. */
  readonly path: string;
  readonly operation: Json;
  /** Operations served outside `/api/v1` (the health check, tracking links, provider notifications) carry their own `servers`. */
  readonly outsideApi: boolean;
}

/** Every operation of the public OpenAPI document, in the document's order. */
export const apiOperations = (doc: Json): ApiOperation[] =>
  Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    API_METHODS.filter((method) => item[method]).map((method) => ({
      key: operationKey(method, path),
      method,
      path,
      operation: item[method],
      outsideApi: Array.isArray(item.servers) || Array.isArray(item[method].servers),
    })),
  );
