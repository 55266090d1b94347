import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that start service processes, a browser or child assistants: the longest of the suite. */
const SLOW = ['/test/process/', '/test/browser/', '/test/mcp/'];
const isSlow = (spec: TestSpecification) => SLOW.some((dir) => spec.moduleId.includes(dir));

/**
 * Vitest runs the longest files first when an earlier run left their times, and otherwise the largest
 * files first. A fresh clone (CI) has no times, and the process and browser files are short but take
 * half a minute or more each: started last, one of them runs on alone while the other workers idle.
 * Without times these go first; with times vitest's own order stands.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    return [...sorted.filter(isSlow), ...sorted.filter((spec) => !isSlow(spec))];
  }
}
