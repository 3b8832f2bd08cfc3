#!/bin/sh
# A remote container's start: only the host's page loads a remote's files, so only the host's
# origin (HOST_ORIGIN) is named in Access-Control-Allow-Origin.
set -eu
SNIPPETS_DIR="${SNIPPETS_DIR:-/etc/nginx/snippets}"
HOST_ORIGIN="${HOST_ORIGIN:-}"
HOST_ORIGIN="${HOST_ORIGIN%/}"
printf '%s' "$HOST_ORIGIN" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$' \
  || { echo "remote: HOST_ORIGIN must be the host's origin like https://app.example.com (got '$HOST_ORIGIN')" >&2; exit 1; }
mkdir -p "$SNIPPETS_DIR"
printf 'add_header Access-Control-Allow-Origin "%s" always;\nadd_header Vary Origin always;\n' "$HOST_ORIGIN" > "$SNIPPETS_DIR/cors.conf"
echo "remote: files for $HOST_ORIGIN"
