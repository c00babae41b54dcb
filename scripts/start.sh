#!/bin/sh
# `npm start`: the production server with its memory settings, the one place they are set
# (docs/operations.md#memory says why each is there). support/serverProcess.ts reads the
# three settings below, so that tests and the benchmark run the server as this does.

# Every server.
SERVER_ENV="NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768"
SERVER_FLAGS="--max-old-space-size=256 --no-allocation-site-pretenuring"
# With the embedded database (no DATABASE_URL), the install a laptop or a small VPS runs:
# a young generation of two 4 MB semi-spaces instead of V8's two 16 MB ones. An app server
# in front of PostgreSQL keeps V8's, which it collects a quarter as often.
EMBEDDED_FLAGS="--max-semi-space-size=4"

if [ -z "$DATABASE_URL" ]; then
  SERVER_FLAGS="$SERVER_FLAGS $EMBEDDED_FLAGS"
fi
# The settings are lists of words: split on purpose (and never globbed).
set -f
# shellcheck disable=SC2086
exec env $SERVER_ENV node $SERVER_FLAGS build/server/main.js
