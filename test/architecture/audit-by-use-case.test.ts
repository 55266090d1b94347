import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';

/** Each `defineTool({ ... })` of a file: its name, whether it writes, whether it hands its origin over. */
const toolsIn = (text: string) =>
  text
    .split('defineTool({')
    .slice(1)
    .map((body) => ({
      name: /name: '([a-z_]+)'/.exec(body)?.[1] ?? '?',
      writes: /\bwrite: \{/.test(body),
      handsOrigin: body.includes('ctx.requestOrigin()'),
    }));

/**
 * A use case that changes something on a request writes the request's audit row through its own
 * `AuditLog`, in its transaction, from the actor and the `RequestOrigin` it is handed: the row commits
 * with the change or not at all. No driving adapter tells the audit middleware it was written.
 */
describe('audit rows written by use cases', () => {
  it('no adapter carries an audit hint to the audit middleware', () => {
    const hinted = sourceFiles('adapters').filter((file) => readFileSync(join(ROOT, file), 'utf8').includes('auditRecorded'));
    expect(hinted).toEqual([]);
  });

  it('every hand-written assistant write tool hands its origin to the use case that writes its row', () => {
    const tools = sourceFiles('adapters/mcp/tools').flatMap((file) => toolsIn(readFileSync(join(ROOT, file), 'utf8')));
    expect(tools.length).toBeGreaterThan(3);
    expect(tools.filter((t) => t.writes && !t.handsOrigin).map((t) => t.name)).toEqual([]);
    // A tool that hands its origin over is a write (its row mirrors a REST write).
    expect(tools.filter((t) => t.handsOrigin && !t.writes)).toEqual([]);
  });
});
