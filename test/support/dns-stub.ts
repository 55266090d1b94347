import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** A DNS server on 127.0.0.1 answering TXT queries from a map (NXDOMAIN otherwise), so the real resolver is tested offline. */
export const startDnsStub = async () => {
  const records = new Map<string, string[][]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    let at = 12;
    const labels: string[] = [];
    while (query[at]! > 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
      at += query[at]! + 1;
    }
    const questionEnd = at + 5;
    const answers = records.get(labels.join('.').toLowerCase()) ?? [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(answers.length > 0 ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    for (const chunks of answers) {
      const rdata = Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([Buffer.byteLength(c)]), Buffer.from(c)])));
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0);
      fixed.writeUInt16BE(16, 2);
      fixed.writeUInt16BE(1, 4);
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(rdata.length, 10);
      parts.push(fixed, rdata);
    }
    socket.send(Buffer.concat(parts), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    publish: (name: string, chunks: string[]) => records.set(name.toLowerCase(), [...(records.get(name.toLowerCase()) ?? []), chunks]),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
};
