import { FakeTxtResolver } from '../fakes/fake-txt-resolver.js';
import { txtResolverContract } from './txt-resolver.contract.js';

txtResolverContract('in memory', async () => {
  const resolver = new FakeTxtResolver();
  return { resolver, publish: (name, chunks) => resolver.publish(name, chunks) };
});
