import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isInitializeRequest, isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { MCP_PATH } from './mcp.routes.js';

export interface StdioBridgeOptions {
  /** Where `/mcp` is answered: the service's own `app.fetch` in-process, or `fetch` to a running service. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Base URL of the service (`http://localhost:3000`); in-process any base will do. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly userAgent: string;
  readonly onError: (error: unknown) => void;
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

export interface StdioBridge {
  /** Resolves when stdin ends (the assistant closed the connection). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

const JSON_RPC_SERVER_ERROR = -32000;
const JSON_RPC_INTERNAL_ERROR = -32603;

const errorReply = (id: RequestId, code: number, message: string, data?: unknown): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** An HTTP-level refusal (401, 429, 413: the REST error envelope, or a transport JSON-RPC error) as the request's JSON-RPC error. */
const refusalReply = (id: RequestId, status: number, text: string): JSONRPCMessage => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorReply(id, JSON_RPC_SERVER_ERROR, `HTTP ${status}`);
  }
  const envelope = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (envelope && typeof envelope.code === 'string') {
    return errorReply(id, JSON_RPC_SERVER_ERROR, `${envelope.code}: ${String(envelope.message)}`, { httpStatus: status, error: envelope });
  }
  if (envelope && typeof envelope.code === 'number') {
    return errorReply(id, envelope.code, String(envelope.message), { httpStatus: status });
  }
  return errorReply(id, JSON_RPC_SERVER_ERROR, `HTTP ${status}`);
};

/**
 * MCP over stdio for desktop assistants, by relaying each JSON-RPC message as one `POST /mcp` with
 * the configured key: every message meets the same authentication, rate limit, audit, plan and
 * permission checks as one arriving over HTTP, and the same tools answer it.
 */
export const startStdioBridge = async (options: StdioBridgeOptions): Promise<StdioBridge> => {
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const endpoint = new URL(MCP_PATH, options.baseUrl).toString();
  let protocolVersion: string | undefined;
  let queue = Promise.resolve();

  const relay = async (message: JSONRPCMessage): Promise<void> => {
    const request = isJSONRPCRequest(message) ? message : null;
    try {
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'user-agent': options.userAgent,
      };
      if (protocolVersion && !isInitializeRequest(message)) headers['mcp-protocol-version'] = protocolVersion;
      const response = await options.fetch(new Request(endpoint, { method: 'POST', headers, body: JSON.stringify(message) }));
      const text = await response.text();
      if (!request) return; // notifications and responses get 202 and no reply
      if (!response.ok) {
        await transport.send(refusalReply(request.id, response.status, text));
        return;
      }
      const replies = ([] as JSONRPCMessage[]).concat(JSON.parse(text) as JSONRPCMessage | JSONRPCMessage[]);
      for (const reply of replies) {
        if (isInitializeRequest(message) && 'result' in reply) {
          const version = (reply.result as { protocolVersion?: unknown }).protocolVersion;
          if (typeof version === 'string') protocolVersion = version;
        }
        await transport.send(reply);
      }
    } catch (error) {
      options.onError(error);
      if (request) await transport.send(errorReply(request.id, JSON_RPC_INTERNAL_ERROR, 'The assistant bridge could not reach the service'));
    }
  };

  // One message at a time, in order: an assistant's `initialize` must be answered before what follows it.
  transport.onmessage = (message) => {
    queue = queue.then(() => relay(message));
  };
  transport.onerror = (error) => options.onError(error);
  const closed = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await transport.start();
  return {
    closed: closed.then(() => queue),
    async close() {
      await queue;
      await transport.close();
    },
  };
};
