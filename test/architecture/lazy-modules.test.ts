import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';

/** Packages only an invoice or a download needs: loaded with `import()` when first used, never at start-up. */
const LOADED_ON_USE = ['pdfkit', 'archiver'];

describe('what start-up loads', () => {
  it('imports the PDF and zip writers only with import(), where they are used (about 18 MiB of a resting service)', () => {
    const sources = ['domain', 'application', 'adapters', 'bootstrap'].flatMap(sourceFiles).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
    const staticImports = sources.flatMap(({ file, text }) =>
      LOADED_ON_USE.filter((pkg) => new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*from\\s+'${pkg}'`, 'm').test(text)).map((pkg) => `${file}: ${pkg}`),
    );
    const dynamicImports = sources.flatMap(({ text }) => LOADED_ON_USE.filter((pkg) => text.includes(`import('${pkg}')`)));
    expect(staticImports).toEqual([]);
    expect(new Set(dynamicImports)).toEqual(new Set(LOADED_ON_USE));
  });
});
