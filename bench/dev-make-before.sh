#!/bin/bash
# TEMP dev script (removed before hand-off): the tree with issue 12's service changes reverted.
set -e
rm -rf /tmp/before && mkdir -p /tmp/before
rsync -a --exclude node_modules --exclude .git /work/main/ /tmp/before/
ln -sfn /work/main/node_modules /tmp/before/node_modules
cd /tmp/before
for f in adapters/persistence/repositories/mikro-orm-api-key-repository.ts adapters/persistence/repositories/mikro-orm-audit-log.ts adapters/persistence/mikro-orm-event-outbox.ts adapters/persistence/repositories/mikro-orm-merchant-repository.ts adapters/persistence/orm.ts; do cp /tmp/head/$f $f; done
python3 - <<'PY'
p='adapters/persistence/prepared-statements.ts'
s=open(p).read()
s=s.replace("  if (!text.startsWith(MARKER)) return undefined;","  return undefined;")
open(p,'w').write(s)
p='adapters/persistence/migrations/index.ts'
s=open(p).read()
s=s.replace("  { name: 'Migration20261122000012HotPaths', class: Migration20261122000012HotPaths },\n","")
s=s.replace("import { Migration20261122000012HotPaths } from './Migration20261122000012HotPaths.js';\n","")
open(p,'w').write(s)
p='adapters/http/routes/conversions.routes.ts'
s=open(p).read()
s=s.replace("          merchantEarningsCap: principal.merchant.monthlyEarningsCap,\n","")
open(p,'w').write(s)
p='application/webhooks/dispatch-webhooks.ts'
s=open(p).read()
s=s.replace("          let found = listeners.get(key);","          let found: Promise<readonly WebhookSubscription[]> | undefined;")
open(p,'w').write(s)
PY
rm adapters/persistence/migrations/Migration20261122000012HotPaths.ts
grep -c HotPaths adapters/persistence/migrations/index.ts || true
