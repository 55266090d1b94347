import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log stays append-only, with one exception for erasure on request: an update may clear
 * a row's address and browser (personal data of the person who made the request) and change nothing
 * else. Deletes and truncation stay refused.
 */
export class Migration20261129070001ErasableAuditAddresses extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE'
           and new.address is null and new.user_agent is null
           and (new.id, new.actor, new.api_key_id, new.merchant_id, new.method, new.path, new.status, new.error_code, new.request_id, new.created_at, new.count)
               is not distinct from
               (old.id, old.actor, old.api_key_id, old.merchant_id, old.method, old.path, old.status, old.error_code, old.request_id, old.created_at, old.count) then
          return new;
        end if;
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
  }
}
