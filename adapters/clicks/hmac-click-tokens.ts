import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import type { ClickTokens } from '../../application/ports/click-tokens.js';
import type { ClickClaims, Mode, PresentedClickToken } from '../../domain/index.js';
import { poolDb, type Orm } from '../persistence/orm.js';

const VERSION = 1;
const MAC_BYTES = 16;
/** version, mode, merchant, campaign, affiliate, issued-at milliseconds (48 bits), then the MAC: 72 bytes, 96 base64url characters. */
const BODY_BYTES = 1 + 1 + 16 + 16 + 16 + 6;
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{96})$/;
const MODES: readonly Mode[] = ['live', 'test'];

const uuidBytes = (uuid: string): Buffer => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer): string => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * Signed click ids: `<click uuid>_<96 base64url characters>` (133 characters, only letters, digits,
 * `-` and `_`, so they fit a card processor's `client_reference_id` and every provider's metadata).
 * The uuid is the click's row id, readable on its own (an App Store `appAccountToken`); the rest is
 * the claims and an HMAC-SHA256 over the uuid and the claims, cut to 128 bits and compared in
 * constant time. The key is created by a migration and kept in `service_secrets`, so every process
 * on the database, and a restarted one, checks what any of them issued.
 */
export class HmacClickTokens implements ClickTokens {
  // A KeyObject made once: given raw bytes, Node 24 builds one inside every createHmac (about 8 µs a
  // click, three times the MAC itself).
  private key: Promise<KeyObject> | null = null;

  constructor(private readonly orm: Orm) {}

  async issue(claims: ClickClaims): Promise<string> {
    const body = Buffer.alloc(BODY_BYTES);
    body.writeUInt8(VERSION, 0);
    body.writeUInt8(MODES.indexOf(claims.mode), 1);
    uuidBytes(claims.merchantId).copy(body, 2);
    uuidBytes(claims.campaignId).copy(body, 18);
    uuidBytes(claims.affiliateId).copy(body, 34);
    body.writeUIntBE(claims.issuedAt.getTime(), 50, 6);
    const rowId = claims.clickRowId.toLowerCase();
    const mac = this.mac(await this.loadKey(), rowId, body);
    return `${rowId}_${Buffer.concat([body, mac]).toString('base64url')}`;
  }

  async read(clickId: string): Promise<PresentedClickToken | null> {
    const match = TOKEN.exec(clickId);
    if (!match) return null;
    const [, rowId = '', encoded = ''] = match;
    const raw = Buffer.from(encoded, 'base64url');
    // 96 characters of the alphabet decode to 72 bytes; a re-encoding that differs was not written by us.
    if (raw.length !== BODY_BYTES + MAC_BYTES || raw.toString('base64url') !== encoded) return null;
    const body = raw.subarray(0, BODY_BYTES);
    const mode = MODES[body.readUInt8(1)];
    const claims: ClickClaims = {
      clickRowId: rowId,
      merchantId: uuidOf(body.subarray(2, 18)),
      mode: mode ?? 'live',
      campaignId: uuidOf(body.subarray(18, 34)),
      affiliateId: uuidOf(body.subarray(34, 50)),
      issuedAt: new Date(body.readUIntBE(50, 6)),
    };
    const expected = this.mac(await this.loadKey(), rowId, body);
    const signatureValid = timingSafeEqual(expected, raw.subarray(BODY_BYTES)) && body.readUInt8(0) === VERSION && mode !== undefined;
    return { text: clickId, claims, signatureValid };
  }

  private mac(key: KeyObject, rowId: string, body: Buffer): Buffer {
    return createHmac('sha256', key).update('click-id\n').update(uuidBytes(rowId)).update(body).digest().subarray(0, MAC_BYTES);
  }

  private loadKey(): Promise<KeyObject> {
    this.key ??= sql<{ value: string }>`select value from service_secrets where name = 'click_signing_key'`
      .execute(poolDb(this.orm))
      .then(({ rows }) => {
        if (!rows[0]) throw new Error('service_secrets has no click_signing_key');
        return createSecretKey(Buffer.from(rows[0].value, 'hex'));
      })
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }
}
