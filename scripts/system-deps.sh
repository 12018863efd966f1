#!/usr/bin/env bash
# Checks the system packages Muster needs outside Python: Pango for WeasyPrint, the fonts
# that let a sheet and a page print every script a player types (Noto: Latin, Greek,
# Cyrillic, Arabic, Hebrew, Devanagari; Noto CJK; Noto Color Emoji; HarfBuzz's subsetter so
# WeasyPrint embeds only the glyphs a sheet uses); for the tests (--browser) Chromium and
# redis-server. Run as root with apt-get available, it installs what
# is missing; otherwise it prints one line naming the packages to install and fails.
set -euo pipefail

need=()
if ! .venv/bin/python -c "import weasyprint" >/dev/null 2>&1; then
  need+=(libpango-1.0-0 libpangoft2-1.0-0)
fi
# Fontconfig finds fonts by family; each family stands for the package that brings it.
font_families=("Noto Sans:fonts-noto-core" "Noto Sans Devanagari:fonts-noto-core"
  "Noto Sans CJK SC:fonts-noto-cjk" "Noto Color Emoji:fonts-noto-color-emoji")
for pair in "${font_families[@]}"; do
  if ! fc-list -q "${pair%%:*}" 2>/dev/null; then
    pkg="${pair##*:}"
    [[ " ${need[*]:-} " == *" $pkg "* ]] || need+=("$pkg")
  fi
done
if ! ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset; then
  need+=(libharfbuzz-subset0)
fi
if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
  need+=(chromium)
fi
# The deploy tests (tests/load/test_deploy.py): nginx in front of the app server, and
# systemd-analyze to verify the sample units (docs/deploy/).
if [ "${1:-}" = "--browser" ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  need+=(nginx-light)
fi
if [ "${1:-}" = "--browser" ] && ! command -v systemd-analyze >/dev/null 2>&1; then
  need+=(systemd)
fi
# The tests' Redis (the live tables' fan-out across app servers, tests/load/test_live_streams.py).
if [ "${1:-}" = "--browser" ] && ! command -v redis-server >/dev/null 2>&1; then
  need+=(redis-server)
fi

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${need[@]}" >/dev/null 2>&1 || {
    apt-get update -q >/dev/null && apt-get install -y -q "${need[@]}" >/dev/null
  }
  exit 0
fi
echo "Muster needs system packages that are missing: run 'sudo apt-get install ${need[*]}' (Debian/Ubuntu) and try again." >&2
exit 1
