import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request of a load run; the driver cycles through the list, each thread from its own offset. */
export interface LoadRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadOptions {
  readonly baseUrl: string;
  readonly requests: readonly LoadRequest[];
  readonly connections: number;
  readonly seconds: number;
  readonly threads?: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  /** Latencies in milliseconds. */
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly max: number;
  /** Socket errors and timeouts. */
  readonly errors: number;
  /** Responses outside 2xx/3xx (wrk counts them as `errors.status`). */
  readonly non2xx: number;
}

const lua = (s: string) => JSON.stringify(s); // JSON string escapes are valid Lua escapes for these inputs

/**
 * A wrk script (Debian's wrk, LuaJIT): every request prebuilt with `wrk.format`, each thread starting
 * at its own offset, and `done` printing the summary as one JSON line.
 */
const script = (requests: readonly LoadRequest[], start: number, threads: number): string => {
  const rows = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `[${lua(k)}]=${lua(v)}`)
      .join(',');
    return `wrk.format(${lua(r.method)}, ${lua(r.path)}, {${headers}}, ${r.body === undefined ? 'nil' : lua(r.body)})`;
  });
  return `
local reqs = nil
local i = 0
local specs = {
${rows.map((row) => `  function() return ${row} end,`).join('\n')}
}
local nthread = 0
setup = function(thread)
  nthread = nthread + 1
  thread:set("offset", ${start} + (nthread - 1) * ${Math.floor(requests.length / threads)})
end
init = function(args)
  reqs = {}
  for k, f in ipairs(specs) do reqs[k] = f() end
  i = (tonumber(offset) or 0) % #reqs
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p99_us":%d,"mean_us":%f,"max_us":%d}\\n',
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout, latency:percentile(50), latency:percentile(99), latency.mean, latency.max))
end
`;
};

/**
 * Where each request list's next run starts: the threads sweep disjoint stretches of the list and the
 * next run goes on where they stopped, so a run never repeats the last one's requests (a sale's click
 * is named once, not once a round).
 */
const nextStart = new WeakMap<readonly LoadRequest[], number>();

let checked = false;
const requireWrk = async () => {
  if (checked) return;
  await new Promise<void>((resolve, reject) =>
    execFile('wrk', ['--version'], (error) => {
      // wrk --version exits 1 after printing its banner; only a missing binary is an error here.
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error('wrk is not installed: apt-get install -y wrk (Debian package)'));
      } else resolve();
    }),
  );
  checked = true;
};

/** Drives `requests` against `baseUrl` with wrk for `seconds`, keeping `connections` open. */
export const runLoad = async (options: LoadOptions): Promise<LoadResult> => {
  if (options.requests.length === 0) throw new Error('no requests to send');
  await requireWrk();
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  try {
    const file = join(dir, 'script.lua');
    const threads = Math.min(options.threads ?? 2, options.connections);
    const start = nextStart.get(options.requests) ?? 0;
    await writeFile(file, script(options.requests, start, threads));
    const args = ['-t', String(threads), '-c', String(options.connections), '-d', `${options.seconds}s`, '--timeout', '10s', '-s', file, options.baseUrl];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { maxBuffer: 16 * 1024 * 1024 }, (error, out, err) => (error ? reject(new Error(`wrk failed: ${err || error.message}`)) : resolve(out))),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const s = JSON.parse(line) as Record<string, number>;
    const seconds = (s.duration_us ?? 0) / 1e6;
    const requests = s.requests ?? 0;
    nextStart.set(options.requests, (start + Math.ceil(requests / threads)) % options.requests.length);
    return {
      requests,
      seconds,
      rps: seconds > 0 ? requests / seconds : 0,
      p50: (s.p50_us ?? 0) / 1000,
      p99: (s.p99_us ?? 0) / 1000,
      mean: (s.mean_us ?? 0) / 1000,
      max: (s.max_us ?? 0) / 1000,
      errors: (s.connect ?? 0) + (s.read ?? 0) + (s.write ?? 0) + (s.timeout ?? 0),
      non2xx: s.status ?? 0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
