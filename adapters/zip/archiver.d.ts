// archiver 8 ships no types; only what the zip downloads use.
declare module 'archiver' {
  import type { Readable } from 'node:stream';

  export class ZipArchive extends Readable {
    constructor(options?: { zlib?: { level?: number } });
    append(source: Readable | string | Buffer, data: { name: string }): this;
    finalize(): Promise<void>;
  }
}
