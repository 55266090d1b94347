import { cp, readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Compiles the service to plain JavaScript for `npm start`: file by file, the source tree's layout
 * kept (modules read their assets next to themselves through `import.meta`), the files that are not
 * TypeScript copied beside them. The process then runs on Node alone: under tsx it also held every
 * module's transformed source and source map, about 54 MiB of a service that idles near 240 MiB.
 * The same transform tsx applies (esbuild, the project's tsconfig), so what runs is what the tests run.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the service's process loads; bench/ for the bench's ceiling routes, which run the same build. */
const SOURCES = ['domain', 'application', 'adapters', 'bootstrap', 'client', 'bench'];
export const SERVICE_OUT = join(ROOT, 'dist', 'service');
/**
 * The Node flags `npm start` runs the build with (package.json repeats them; a test holds the two
 * equal). The service's live heap stays near 80 MiB under load, but V8 sizes the young generation by
 * the machine's memory (128 MiB on 24 GiB) and lets the old generation grow to about four times what
 * its last full collection kept: 16 MiB semi-spaces and a growth of 1.5 times took the peak under
 * sales from 373–500 to 262–282 MiB at the same CPU a request (docs/decisions.md).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;
/** `npm start`, as package.json spells it. */
export const START_SCRIPT = `tsx bootstrap/build-service.ts && node ${SERVICE_NODE_FLAGS.join(' ')} dist/service/bootstrap/main.js`;

const walk = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
};

export const buildService = async (): Promise<number> => {
  // Built beside the last build and swapped in, so a build that fails leaves the last one whole; inside
  // dist/ so that the built files find the project's node_modules as the sources do.
  const staging = join(ROOT, 'dist', `.service-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  const files = (await Promise.all(SOURCES.map((s) => walk(join(ROOT, s))))).flat();
  const code = files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  await build({
    entryPoints: code,
    outdir: staging,
    outbase: ROOT,
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    tsconfig: join(ROOT, 'tsconfig.json'),
    // Beside each file for a debugger or `NODE_OPTIONS=--enable-source-maps`; not loaded otherwise.
    sourcemap: 'external',
    logLevel: 'warning',
  });
  const assets = files.filter((f) => !/\.tsx?$/.test(f) && !f.endsWith('.md'));
  await Promise.all(assets.map((f) => cp(f, join(staging, relative(ROOT, f)))));
  await rm(SERVICE_OUT, { recursive: true, force: true });
  await rename(staging, SERVICE_OUT);
  return code.length;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = await buildService();
  process.stdout.write(`built ${count} files into ${relative(process.cwd(), SERVICE_OUT)}\n`);
}
