import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestService } from '../support/test-service.js';

/** The test service's app on a real port, so the SDK client talks HTTP to it like any assistant. */
export const listen = async (t: TestService): Promise<{ baseUrl: string; close(): Promise<void> }> => {
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    // close() waits for every open connection, and an SDK transport may leave its stream open: end them all.
    close: () =>
      new Promise<void>((resolve) => {
        (server as Server).closeAllConnections();
        server!.close(() => resolve());
      }),
  };
};

/** An MCP client (the SDK's own) connected to `/mcp` with a Bearer key. */
export const connectAssistant = async (baseUrl: string, key: string | undefined, userAgent = 'mcp-test-client/1.0'): Promise<Client> => {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } });
  const client = new Client({ name: 'affiliate-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
};

export interface ToolOutcome {
  readonly isError: boolean;
  readonly data: any;
  readonly error: { code: string; message: string; details?: { field: string; message: string }[] } | undefined;
  readonly text: string;
}

/**
 * Calls a tool: a success has `{ data }` as structured content and as JSON text; a refusal is a tool
 * error whose text is `{ error: { code, message, details? } }`.
 */
export const callTool = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  const parsed = JSON.parse(text) as { data?: unknown; error?: ToolOutcome['error'] };
  if (result.isError) {
    if (result.structuredContent !== undefined) throw new Error('a refusal carries no structured content');
    return { isError: true, data: undefined, error: parsed.error, text };
  }
  if (JSON.stringify(result.structuredContent) !== text) throw new Error(`text and structured content differ: ${text}`);
  return { isError: false, data: parsed.data, error: undefined, text };
};

/** A money move as an assistant makes it after the user agreed: the preview call, then the same call with its token. */
export const confirmedCall = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
  const preview = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (preview.isError) return callTool(client, name, args);
  const token = (preview.structuredContent as { confirmationToken?: string }).confirmationToken;
  if (!token) throw new Error(`${name} answered no preview: ${JSON.stringify(preview.structuredContent)}`);
  return callTool(client, name, { ...args, confirmationToken: token });
};
