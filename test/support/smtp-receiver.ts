import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly raw: string;
  readonly subject: string;
  readonly headers: Record<string, string>;
  /** The decoded text/plain part. */
  readonly text: string;
  /** The decoded text/html part ('' when absent). */
  readonly html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `refuse` makes it answer 4xx or 5xx. */
export interface SmtpReceiver {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Set to e.g. `{ code: 451 }` to refuse the next messages (temporarily or, with 5xx, for good). */
  refuse: { code: number; message?: string } | null;
  /** Awaited before a message is answered: a test's look at the sender while it waits for the relay. */
  beforeAccept: (() => Promise<void>) | null;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const parseHeaders = (block: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
};

const split = (raw: string): { headers: Record<string, string>; body: string } => {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
};

const decodeBody = (headers: Record<string, string>, body: string): string => {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** The text and HTML parts of a (possibly multipart/alternative) message. */
const parts = (raw: string): { headers: Record<string, string>; text: string; html: string } => {
  const { headers, body } = split(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodeBody(headers, body);
    return { headers, text: type.startsWith('text/html') ? '' : decoded, html: type.startsWith('text/html') ? decoded : '' };
  }
  let text = '';
  let html = '';
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = split(chunk.replace(/^\r?\n/, ''));
    const partType = part.headers['content-type'] ?? '';
    if (partType.startsWith('text/plain')) text = decodeBody(part.headers, part.body);
    if (partType.startsWith('text/html')) html = decodeBody(part.headers, part.body);
  }
  return { headers, text, html };
};

const decodeSubject = (value: string): string =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

export const startSmtpReceiver = async (port = 0): Promise<SmtpReceiver> => {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const state: { refuse: SmtpReceiver['refuse']; beforeAccept: SmtpReceiver['beforeAccept'] } = { refuse: null, beforeAccept: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await state.beforeAccept?.();
        if (state.refuse) {
          const error = new Error(state.refuse.message ?? 'refused by the test receiver') as Error & { responseCode: number };
          error.responseCode = state.refuse.code;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text, html } = parts(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeSubject(headers.subject ?? ''),
          headers,
          text,
          html,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value) {
      state.refuse = value;
    },
    get beforeAccept() {
      return state.beforeAccept;
    },
    set beforeAccept(value) {
      state.beforeAccept = value;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The first link in a text that starts with `prefix`. */
export const linkIn = (text: string, prefix: string): string => {
  const found = text.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.includes(prefix));
  if (!found) throw new Error(`no link containing ${prefix} in:\n${text}`);
  return found;
};
