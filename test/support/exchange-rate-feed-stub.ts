import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The local copy of the ECB daily reference feed the tests serve (rates of 2026-11-27; 168 yen and 1.05 dollars to the euro). */
export const ECB_DAILY_FIXTURE = readFileSync(new URL('../fixtures/ecb/eurofxref-daily.xml', import.meta.url), 'utf8');

export interface FeedStub {
  readonly url: string;
  /** Paths requested, in order. */
  readonly requests: string[];
  /** The status to answer next requests with (200 serves the XML). */
  status: number;
  close(): Promise<void>;
}

/** A local HTTP server answering the feed's XML, as the European Central Bank publishes it. */
export const startFeedStub = async (xml = ECB_DAILY_FIXTURE): Promise<FeedStub> => {
  const requests: string[] = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    if (state.status !== 200) {
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end('unavailable');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('feed stub has no port');
  return {
    url: `http://127.0.0.1:${address.port}/stats/eurofxref/eurofxref-daily.xml`,
    requests,
    get status() {
      return state.status;
    },
    set status(value) {
      state.status = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
