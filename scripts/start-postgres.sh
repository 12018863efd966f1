#!/usr/bin/env bash
# Starts the machine's PostgreSQL cluster (installing it with apt-get if missing, as
# root) and makes a role and database for the tests. Prints the DATABASE_URL to use.
# Listens on 127.0.0.1 only.
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q postgresql >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q postgresql >/dev/null; }
fi
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
  pg_createcluster "$version" main >/dev/null
  read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
fi
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$cluster" start -o "-c listen_addresses=127.0.0.1" >/dev/null
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -p $port -tAc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -q" <<SQL >/dev/null
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'muster') THEN
    CREATE ROLE muster LOGIN PASSWORD 'muster' CREATEDB;
  END IF;
END \$\$;
SQL
su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname = 'muster'\"" | grep -q 1 \
  || su postgres -c "createdb -p $port -O muster muster"
echo "postgres://muster:muster@127.0.0.1:${port}/muster"
