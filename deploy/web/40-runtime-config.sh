#!/bin/sh
# The host container's start: writes runtime-config.json (where the browser finds the API and the
# remotes) and the Content Security Policy that allows exactly their origins, from the environment.
# A missing or malformed value stops the container instead of serving a page that cannot work.
set -eu

HTML_DIR="${HTML_DIR:-/usr/share/nginx/html}"
SNIPPETS_DIR="${SNIPPETS_DIR:-/etc/nginx/snippets}"

fail() { echo "runtime config: $1" >&2; exit 1; }

# An origin: scheme, host, optional port; no path, no quotes or spaces (they go into JSON and a header).
origin() {
  name="$1"; value="$(eval "printf '%s' \"\${$1:-}\"")"; scheme="$2"
  value="${value%/}"
  [ -n "$value" ] || fail "$name is required"
  printf '%s' "$value" | grep -Eq "^${scheme}://[A-Za-z0-9.-]+(:[0-9]{1,5})?\$" || fail "$name must be an origin like ${scheme}://host:port (got '$value')"
  printf '%s' "$value"
}

# Where a remote's files are: an origin, or an origin and a path (a remote behind the load
# balancer's /remotes/<name>/); its remoteEntry.js is right under it.
base_url() {
  name="$1"; value="$(eval "printf '%s' \"\${$1:-}\"")"
  value="${value%/}"
  [ -n "$value" ] || fail "$name is required"
  printf '%s' "$value" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~-]+)*$' || fail "$name must be a URL like https://host/remotes/name (got '$value')"
  printf '%s' "$value"
}

# The distinct origins of a list of URLs, in order: what the CSP names.
origins() {
  for url in "$@"; do printf '%s\n' "$url" | sed -E 's#^([a-z]+://[^/]+).*#\1#'; done | awk '!seen[$0]++' | tr '\n' ' ' | sed 's/ $//'
}

API_BASE="$(origin API_BASE 'https?')"
WS_DEFAULT="$(printf '%s' "$API_BASE" | sed 's/^http/ws/')"
WS_BASE="${WS_BASE:-$WS_DEFAULT}"; WS_BASE="$(origin WS_BASE 'wss?')"
USER_DASHBOARD_URL="$(base_url USER_DASHBOARD_URL)"
AGENT_SOFTPHONE_URL="$(base_url AGENT_SOFTPHONE_URL)"
ADMIN_URL="$(base_url ADMIN_URL)"
REMOTES="$(origins "$USER_DASHBOARD_URL" "$AGENT_SOFTPHONE_URL" "$ADMIN_URL")"

CSP_EXTRA_ORIGINS="${CSP_EXTRA_ORIGINS:-}"
for extra in $CSP_EXTRA_ORIGINS; do
  printf '%s' "$extra" | grep -Eq '^(https|wss)://[A-Za-z0-9.*-]+(:[0-9]{1,5})?$' || fail "CSP_EXTRA_ORIGINS: '$extra' is not an https:// or wss:// origin"
done

GOOGLE_JSON=''
GOOGLE_ORIGIN=''
if [ -n "${GOOGLE_CLIENT_ID:-}" ]; then
  printf '%s' "$GOOGLE_CLIENT_ID" | grep -Eq '^[A-Za-z0-9._-]+$' || fail 'GOOGLE_CLIENT_ID has unexpected characters'
  FLOW="${GOOGLE_SIGN_IN_FLOW:-implicit}"
  case "$FLOW" in implicit|code) ;; *) fail 'GOOGLE_SIGN_IN_FLOW must be implicit or code' ;; esac
  SCOPES=''
  for scope in ${GOOGLE_EXTRA_SCOPES:-}; do
    printf '%s' "$scope" | grep -Eq '^[A-Za-z0-9:/._-]+$' || fail "GOOGLE_EXTRA_SCOPES: '$scope' is not a scope"
    SCOPES="${SCOPES:+$SCOPES,}\"$scope\""
  done
  GOOGLE_JSON=",\"google\":{\"clientId\":\"$GOOGLE_CLIENT_ID\",\"flow\":\"$FLOW\",\"extraScopes\":[$SCOPES]}"
  GOOGLE_ORIGIN='https://accounts.google.com'
fi

CONFIG="{\"apiBase\":\"$API_BASE\",\"wsBase\":\"$WS_BASE\",\"remotes\":{\"userDashboard\":\"$USER_DASHBOARD_URL/remoteEntry.js\",\"agentSoftphone\":\"$AGENT_SOFTPHONE_URL/remoteEntry.js\",\"admin\":\"$ADMIN_URL/remoteEntry.js\"}$GOOGLE_JSON}"
printf '%s\n' "$CONFIG" > "$HTML_DIR/runtime-config.json"

# The page carries the same config as a JSON data block (host/src/config/runtime-config.ts reads
# it), so a remote screen's files are asked for without first waiting for runtime-config.json.
# Every value above was checked to hold no quote, '<', '&' or '|'. A restart replaces the block;
# the build's compressed copies of the page would be stale, so they go.
PAGE="$HTML_DIR/index.html"
sed -E 's|<script id="runtime-config" type="application/json">[^<]*</script>||' "$PAGE" \
  | sed "s|</head>|<script id=\"runtime-config\" type=\"application/json\">$CONFIG</script></head>|" > "$PAGE.next"
mv "$PAGE.next" "$PAGE"
rm -f "$PAGE.gz" "$PAGE.br"

# antd writes its styles at run time, hence 'unsafe-inline' for styles (never for scripts).
CSP="default-src 'self'"
CSP="$CSP; script-src 'self' $REMOTES${GOOGLE_ORIGIN:+ $GOOGLE_ORIGIN}"
CSP="$CSP; connect-src 'self' $(origins "$API_BASE" "$WS_BASE" $REMOTES)${GOOGLE_ORIGIN:+ $GOOGLE_ORIGIN}${CSP_EXTRA_ORIGINS:+ $CSP_EXTRA_ORIGINS}"
CSP="$CSP; style-src 'self' 'unsafe-inline'${GOOGLE_ORIGIN:+ $GOOGLE_ORIGIN}"
CSP="$CSP; img-src 'self' data: blob: $API_BASE"
CSP="$CSP; media-src 'self' blob: $API_BASE${CSP_EXTRA_ORIGINS:+ $CSP_EXTRA_ORIGINS}"
CSP="$CSP; font-src 'self' data:"
CSP="$CSP; frame-src ${GOOGLE_ORIGIN:-'none'}"
CSP="$CSP; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

mkdir -p "$SNIPPETS_DIR"
printf 'map $request_uri $content_security_policy {\n    default "%s";\n}\n' "$CSP" > "$SNIPPETS_DIR/csp.conf"
: > "$SNIPPETS_DIR/cors.conf"
echo "runtime config: API $API_BASE, remotes $USER_DASHBOARD_URL $AGENT_SOFTPHONE_URL $ADMIN_URL"
