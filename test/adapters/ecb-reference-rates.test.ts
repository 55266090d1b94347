import { describe, expect, it } from 'vitest';
import { parseEcbDailyXml } from '../../adapters/exchange-rates/ecb-reference-rates.js';
import { ECB_DAILY_FIXTURE } from '../support/exchange-rate-feed-stub.js';

describe('the ECB daily reference feed, read as published', () => {
  it('reads the day and every currency (units per euro) of the local copy', () => {
    const published = parseEcbDailyXml(ECB_DAILY_FIXTURE)._unsafeUnwrap();
    expect(published.day).toBe('2026-11-27');
    expect(published.unitsPerEuro.size).toBe(30);
    expect(published.unitsPerEuro.get('usd' as never)?.toFixed()).toBe('1.05');
    expect(published.unitsPerEuro.get('jpy' as never)?.toFixed()).toBe('168');
    expect(published.unitsPerEuro.has('eur' as never)).toBe(false);
  });

  it('takes either quote style and ignores whitespace between attributes', () => {
    const xml = `<gesmes:Envelope><Cube><Cube time="2026-12-01">
      <Cube currency="USD"  rate="1.1"/><Cube currency='GBP' rate='0.85' /></Cube></Cube></gesmes:Envelope>`;
    const published = parseEcbDailyXml(xml)._unsafeUnwrap();
    expect(published.day).toBe('2026-12-01');
    expect([...published.unitsPerEuro.keys()]).toEqual(['usd', 'gbp']);
  });

  it('refuses a document that is not the feed, or a day without rates', () => {
    expect(parseEcbDailyXml('<html>maintenance</html>').isErr()).toBe(true);
    expect(parseEcbDailyXml(`<Cube><Cube time='2026-12-01'></Cube></Cube>`).isErr()).toBe(true);
  });
});
