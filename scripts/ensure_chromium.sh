#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium; no browser downloads work here):
# install it from Debian's packages when it is missing, so `make test` works on a new machine.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "installing Chromium from Debian's packages (for tests/browser)"
export DEBIAN_FRONTEND=noninteractive
sudo_=""
if [[ $(id -u) -ne 0 ]]; then sudo_="sudo"; fi
$sudo_ apt-get install -y -q chromium >/dev/null 2>&1 \
  || { $sudo_ apt-get update -q >/dev/null && $sudo_ apt-get install -y -q chromium >/dev/null; }
