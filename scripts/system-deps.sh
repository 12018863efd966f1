#!/usr/bin/env bash
# Checks the system libraries Muster needs outside Python and, when run as root with
# apt-get available, installs what is missing. Otherwise prints one line naming the
# packages to install and fails.
set -euo pipefail

need=()
python_bin=".venv/bin/python"
if ! "$python_bin" -c "import weasyprint" >/dev/null 2>&1; then
  need+=(libpango-1.0-0 libpangoft2-1.0-0)
fi

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${need[*]}"
  (apt-get install -y -q "${need[@]}" >/dev/null 2>&1) || {
    apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "${need[@]}" >/dev/null
  }
  exit 0
fi
echo "Muster needs system packages that are missing: run 'sudo apt-get install ${need[*]}' (Debian/Ubuntu) and try again." >&2
exit 1
