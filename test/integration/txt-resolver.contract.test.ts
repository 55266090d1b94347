import { NodeTxtResolver } from '../../adapters/dns/node-txt-resolver.js';
import { startDnsStub } from '../support/dns-stub.js';
import { txtResolverContract } from '../contracts/txt-resolver.contract.js';

txtResolverContract('node:dns', async () => {
  const stub = await startDnsStub();
  return { resolver: new NodeTxtResolver([stub.server]), publish: stub.publish, close: stub.close };
});
