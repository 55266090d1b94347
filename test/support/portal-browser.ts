import { peerEnv, type TestService } from './test-service.js';

export interface PortalResponse {
  readonly status: number;
  readonly text: string;
  readonly location: string | null;
  readonly headers: Headers;
}

/**
 * A cookie-keeping form client for the portal's server-rendered pages: it sends the Origin a browser
 * would, and fills `_csrf` from the last page it saw (as a browser submitting that page's form does).
 */
export class PortalBrowser {
  private readonly cookies = new Map<string, string>();
  private lastCsrf: string | null = null;

  constructor(
    private readonly t: TestService,
    /** Scheme and host the browser is on, e.g. `http://localhost:3000` or `https://shop.example.com`. */
    readonly origin = 'http://localhost:3000',
    /** The socket address the browser connects from; none (an unknown address) unless given. */
    private readonly peer?: string,
  ) {}

  private get env() {
    return this.peer ? peerEnv(this.peer) : undefined;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { host: new URL(this.origin).host, ...(cookie ? { cookie } : {}), ...extra };
  }

  private async keep(response: Response): Promise<PortalResponse> {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (csrf) this.lastCsrf = csrf;
    return { status: response.status, text, location: response.headers.get('location'), headers: response.headers };
  }

  /** The URL as the browser would send it (absolute links are taken as they are). */
  private url(path: string): string {
    return path.startsWith('http') ? path : `${this.origin}${path}`;
  }

  async get(path: string): Promise<PortalResponse> {
    return this.keep(await this.t.service.app.request(this.url(path), { headers: this.headers() }, this.env));
  }

  async post(path: string, fields: Record<string, string> = {}, options: { csrf?: string | null; origin?: string; headers?: Record<string, string> } = {}): Promise<PortalResponse> {
    const csrf = options.csrf === undefined ? this.lastCsrf : options.csrf;
    const body = new URLSearchParams({ ...(csrf ? { _csrf: csrf } : {}), ...fields }).toString();
    const response = await this.t.service.app.request(this.url(path), {
      method: 'POST',
      headers: this.headers({ origin: options.origin ?? this.origin, 'content-type': 'application/x-www-form-urlencoded', ...options.headers }),
      body,
    }, this.env);
    return this.keep(response);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** The visible text of an HTML page, tags removed, whitespace collapsed. */
export const visibleText = (html: string): string =>
  html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ');
