#!/bin/sh
# Temporal's own databases on the platform's PostgreSQL, for the temporalio/admin-tools image (docker-compose.yml)
# or any machine with temporal-sql-tool and the server's schema folders. Safe to run again: creating an existing
# database or setting up an existing schema is skipped, and update-schema applies only the versions missing.
set -eu
host=${POSTGRES_HOST:-postgres}
user=${POSTGRES_USER:-voice}
schema=${TEMPORAL_SCHEMA_DIR:-/etc/temporal/schema/postgresql/v12}
tool() { temporal-sql-tool --plugin postgres12 --ep "$host" -p 5432 -u "$user" "$@"; }
for db in temporal temporal_visibility; do
  folder=$([ "$db" = temporal ] && echo temporal || echo visibility)
  tool --db "$db" create 2>/dev/null || echo "database $db exists"
  tool --db "$db" setup-schema -v 0.0 2>/dev/null || echo "schema of $db already set up"
  tool --db "$db" update-schema -d "$schema/$folder/versioned"
done
