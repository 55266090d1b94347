import { peerEnv, type TestService } from './test-service.js';

const ORIGIN = 'http://localhost';

export interface PageResponse {
  readonly status: number;
  readonly html: string;
  readonly location: string | null;
  readonly headers: Headers;
}

/**
 * An in-process browser of the dashboard: keeps cookies, sends the page's CSRF token with forms (as
 * a real browser submitting the rendered form would) and the same-origin `Origin` header.
 */
export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  csrf: string | null = null;

  constructor(
    private readonly t: TestService,
    /** The socket address the browser connects from; none (an unknown address) unless given. */
    private readonly peer?: string,
  ) {}

  private get env() {
    return this.peer ? peerEnv(this.peer) : undefined;
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async answer(response: Response): Promise<PageResponse> {
    this.keep(response);
    const html = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, html, location: response.headers.get('location'), headers: response.headers };
  }

  async get(path: string): Promise<PageResponse> {
    return this.answer(await this.t.service.app.request(path, { headers: { cookie: this.cookieHeader() } }, this.env));
  }

  /** Posts a form (pairs repeat a field, as a multiple select does); `csrf: false` leaves the token out, `origin` overrides the same-origin header. */
  async post(path: string, fields: Record<string, string> | [string, string][] = {}, options: { csrf?: boolean | string; origin?: string | null; referer?: string; headers?: Record<string, string> } = {}): Promise<PageResponse> {
    const body = new URLSearchParams(fields);
    if (options.csrf !== false) body.set('_csrf', typeof options.csrf === 'string' ? options.csrf : (this.csrf ?? ''));
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
    if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
    if (options.referer) headers.referer = `${ORIGIN}${options.referer}`;
    return this.answer(await this.t.service.app.request(path, { method: 'POST', headers, body: body.toString() }, this.env));
  }

  /** Posts a `multipart/form-data` form (a file input's form), with the page's CSRF token and the same-origin header. */
  async postMultipart(path: string, fields: Record<string, string>, files: Record<string, { name: string; text?: string; bytes?: Uint8Array; type?: string }> = {}): Promise<PageResponse> {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    for (const [k, f] of Object.entries(files)) body.set(k, new File([f.bytes ?? f.text ?? ''], f.name, { type: f.type ?? 'text/csv' }));
    body.set('_csrf', this.csrf ?? '');
    return this.answer(await this.t.service.app.request(path, { method: 'POST', headers: { cookie: this.cookieHeader(), origin: ORIGIN }, body }, this.env));
  }
}

/** The newest emailed link of `kind` to `to`, from the mail outbox. */
export const mailedLink = async (t: TestService, to: string, kind: string): Promise<{ path: string; token: string }> => {
  const [row] = await t.sql<{ body: string }>(`select body from mail_outbox where recipient = $1 and kind = $2 order by created_at desc, id desc limit 1`, [to, kind]);
  if (!row) throw new Error(`no ${kind} mail to ${to}`);
  const url = new URL(/https?:\/\/\S+/.exec(row.body)![0]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
};

let counter = 0;

/** A user of the merchant, created by the operator, with the password set through the emailed link; the browser is signed in. */
export const signedInUser = async (
  t: TestService,
  merchantId: string,
  fields: { role?: 'owner' | 'member'; managePayouts?: boolean } = {},
): Promise<{ browser: DashboardBrowser; email: string; password: string; userId: string }> => {
  counter += 1;
  const email = `user${counter}-${Date.now()}@shop.example`;
  const created = await t.admin('POST', `/merchants/${merchantId}/users`, { email, role: fields.role ?? 'owner', ...(fields.managePayouts === undefined ? {} : { managePayouts: fields.managePayouts }) });
  if (created.status !== 201) throw new Error(`user create failed: ${JSON.stringify(created.body)}`);
  const link = await mailedLink(t, email, 'password_set');
  const browser = new DashboardBrowser(t);
  await browser.get(link.path);
  const password = 'correct horse battery staple';
  const set = await browser.post('/dashboard/set-password', { token: link.token, password });
  if (set.status !== 303) throw new Error(`set password failed: ${set.status} ${set.html.slice(0, 500)}`);
  return { browser, email, password, userId: created.body.data.id };
};
