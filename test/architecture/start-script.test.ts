import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_SCRIPT } from '../../bootstrap/build-service.js';

describe('npm start', () => {
  it('builds the service and runs the build with the Node flags the bench and the process tests use', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(START_SCRIPT);
  });
});
