import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { zipStream } from '../../adapters/zip/zip-stream.js';

/** A zip of `count` entries of 64 KiB random-ish bytes (little compression), counting what was appended. */
const counted = (count: number) => {
  let appended = 0;
  let sawGone = false;
  const stream = zipStream({ zlib: { level: 0 } }, async (zip, gone) => {
    for (let i = 0; i < count; i++) {
      if (gone.aborted) {
        sawGone = true;
        return;
      }
      zip.append(Buffer.alloc(64 * 1024, i % 251), { name: `${i}.bin` });
      appended += 1;
      await sleep(1);
    }
  });
  return { stream, appended: () => appended, sawGone: () => sawGone };
};

describe('zipStream', () => {
  it('writes every entry for a reader that reads to the end', async () => {
    const { stream, appended } = counted(5);
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(appended()).toBe(5);
    // A zip ends with its end-of-central-directory record (PK\x05\x06) and counts its entries there.
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(end).toBeGreaterThan(0);
    expect(bytes.readUInt16LE(end + 10)).toBe(5);
  });

  it('stops filling once the reader goes away', async () => {
    const { stream, appended, sawGone } = counted(10_000);
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await sleep(100);
    const after = appended();
    await sleep(100);
    expect(sawGone()).toBe(true);
    expect(appended()).toBe(after);
    expect(after).toBeLessThan(10_000);
  });
});
