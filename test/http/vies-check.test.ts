import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViesVatIdChecker } from '../../adapters/vies/vies-vat-id-checker.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant } from '../support/merchant-mother.js';
import { payableAffiliate, payoutCampaign } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * A local stand-in for VIES's REST API (`POST /check-vat-number`, `{ countryCode, vatNumber }` in,
 * `{ countryCode, vatNumber, requestDate, valid, name, address }` out), answering by number.
 */
const startVies = async () => {
  const asked: unknown[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { countryCode: string; vatNumber: string };
      asked.push({ method: req.method, path: req.url, body });
      if (body.vatNumber === '00000000000') return res.writeHead(500).end('{}');
      const answer =
        body.vatNumber === '99999999999'
          ? { countryCode: body.countryCode, vatNumber: body.vatNumber, requestDate: '2026-11-29', valid: false, userError: 'MS_UNAVAILABLE', name: '---', address: '---' }
          : { countryCode: body.countryCode, vatNumber: body.vatNumber, requestDate: '2026-11-29', valid: body.vatNumber === '40303265045', name: 'EXEMPLE SARL', address: '1 RUE DE RIVOLI' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, asked, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('the optional VIES check of EU VAT ids', () => {
  let vies: { server: Server; asked: unknown[]; base: string };
  let t: TestService;

  beforeAll(async () => {
    vies = await startVies();
    t = await startTestService({ viesCheck: true, viesApiBase: vies.base });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => vies?.server.close(resolve));
  });

  it('sends only the prefix and number, and reads valid, invalid and no answer', async () => {
    const checker = new ViesVatIdChecker(vies.base);
    expect(await checker.check({ prefix: 'FR', number: '40303265045', value: 'FR40303265045' })).toEqual({ kind: 'valid' });
    expect(vies.asked.at(-1)).toEqual({ method: 'POST', path: '/check-vat-number', body: { countryCode: 'FR', vatNumber: '40303265045' } });
    expect(await checker.check({ prefix: 'FR', number: '12345678901', value: 'FR12345678901' })).toEqual({ kind: 'invalid' });
    expect((await checker.check({ prefix: 'FR', number: '99999999999', value: 'FR99999999999' })).kind).toBe('unavailable');
    expect((await checker.check({ prefix: 'FR', number: '00000000000', value: 'FR00000000000' })).kind).toBe('unavailable');
    expect((await new ViesVatIdChecker('http://127.0.0.1:1').check({ prefix: 'FR', number: '1', value: 'FR1' })).kind).toBe('unavailable');
  });

  it('when on, refuses a VAT id VIES does not know and accepts a registered one, changing nothing on refusal', async () => {
    const m = await createMerchant(t, 'scale');
    const affiliate = await payableAffiliate(t, m.id, (await payoutCampaign(t, m)).id, null);
    const day = ((await t.admin('GET', '/clock')).body.data.now as string).slice(0, 10);
    const form = (vatId: string) => ({
      country: 'FR',
      form: 'w8bene',
      organisationName: 'Exemple SARL',
      countryOfIncorporation: 'FR',
      entityType: 'corporation',
      fatcaStatus: 'active_nffe',
      address: { line1: '1 rue de Rivoli', city: 'Paris', country: 'FR' },
      foreignTinReason: 'FR issues no TIN to this kind of entity',
      vatId,
      signature: { name: 'Jean Dupont', date: day, certified: true, capacity: 'Gérant' },
    });
    const save = t.service.container.resolve(TOKENS.SaveTaxDetails);
    const refused = await save.execute(affiliate.id, form('FR12345678901'));
    expect(refused._unsafeUnwrapErr().details).toEqual([{ field: 'vatId', message: 'is not registered in VIES (the EU VAT registry)' }]);
    expect(await t.sql('select 1 from affiliate_tax_details where affiliate_id = $1', [affiliate.id])).toEqual([]);
    expect((await save.execute(affiliate.id, form('FR40303265045'))).isOk()).toBe(true);
    // No answer from VIES: the format check stands.
    expect((await save.execute(affiliate.id, form('FR99999999999'))).isOk()).toBe(true);
  });
});
