/**
 * Summarises a `--cpu-prof` profile of the service (`npm run bench -- --cpu-prof` writes them to
 * bench/profiles/): self time by function and by package or source directory, and inclusive time
 * of the service's own functions. Usage: tsx bench/profile-summary.ts <file.cpuprofile> [top] [skip-seconds]
 * (skip-seconds leaves out the start: module loading, migrations and fixtures).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
const skipUs = Number(skipArg ?? 0) * 1e6;
let clock = 0;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  if (clock >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const area = (url: string): string => {
  if (!url) return '(native/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  // The compiled service (dist/service/) keeps the source tree's layout: name the file beneath it.
  const built = /\/dist\/service\/(.+)$/.exec(url);
  if (built) return built[1]!;
  const m = /\/main\/([^/]+\/(?:[^/]+\/)?)/.exec(url);
  return m ? m[1]! : url;
};
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${area(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const sum = (entries: Iterable<[string, number]>) => {
  const out = new Map<string, number>();
  for (const [k, v] of entries) out.set(k, (out.get(k) ?? 0) + v);
  return [...out.entries()].sort((a, b) => b[1] - a[1]);
};
process.stdout.on('error', () => process.exit(0));
const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)}%`;

const selfBy = (key: (n: Node) => string) => sum([...self.entries()].map(([id, t]) => [key(byId.get(id)!), t]));
process.stdout.write(`total ${(total / 1e6).toFixed(2)} s sampled\n\nself time by area:\n`);
for (const [k, v] of selfBy((n) => area(n.callFrame.url)).slice(0, top)) process.stdout.write(`${pct(v)}  ${k}\n`);
process.stdout.write(`\nself time by function:\n`);
for (const [k, v] of selfBy(label).slice(0, top)) process.stdout.write(`${pct(v)}  ${k}\n`);

// Inclusive time by area: each sample counted once for every area on its stack.
const areaInclusive = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const a = area(byId.get(cur)!.callFrame.url);
    if (!seen.has(a)) {
      seen.add(a);
      areaInclusive.set(a, (areaInclusive.get(a) ?? 0) + t);
    }
  }
}
process.stdout.write(`\ninclusive time by area:\n`);
for (const [k, v] of [...areaInclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(v)}  ${k}\n`);

// Inclusive time of the project's own functions (each sample counted once per distinct frame).
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)!;
    if (n.callFrame.url.includes('node_modules') || !n.callFrame.url.includes('/main/')) continue;
    const l = label(n);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + t);
  }
}
process.stdout.write(`\ninclusive time of the project's functions:\n`);
for (const [k, v] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(v)}  ${k}\n`);
