#!/bin/sh
# The helper functions every exported install.sh carries; shellcheck reads this file as it is (exportTemplates.test.ts).
# install.sh gets everything after the first blank line, copied as is, and sets the variables used here:
# DLSETUP_LOG, APT_LOCK_TIMEOUT, R (the system root), TMPD (its temporary folder), and DL Setup's words for a
# locked apt: DLSETUP_APT_LOCK_TEXT (its pattern), DLSETUP_SAY_APT_LOCKED, DLSETUP_SAY_APT_WHO(_UNKNOWN) (printf formats).

log() {
  printf '%s %s\n' "$(date -u '+%Y-%m-%dT%H:%M:%SZ')" "$*" >>"$DLSETUP_LOG"
  printf '%s\n' "$*" >&2
}
die() {
  log "ERROR: $*"
  exit 1
}
# Every command goes to the log with its output; a failure stops the script with the log's path.
run() {
  log "+ $*"
  if "$@" >>"$DLSETUP_LOG" 2>&1; then return 0; else rc=$?; fi
  die "command failed (exit $rc): $* (details in $DLSETUP_LOG)"
}
SUDO_READY=0
# sudo never prompts without a terminal: without one it must need no password.
sudo_ready() {
  [ "$SUDO_READY" -eq 0 ] || return 0
  command -v sudo >/dev/null 2>&1 || die "This step needs administrator rights: run the script as root, or install sudo."
  if ! sudo -n true 2>/dev/null; then
    if [ -t 0 ]; then
      sudo -v || die "sudo refused; nothing more was changed."
    else
      die "sudo needs a password and there is no terminal to type it in. Run the script as root, allow this user passwordless sudo, or run it in a terminal."
    fi
  fi
  SUDO_READY=1
}
# Only steps that change the system run through here.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then run "$@"; return 0; fi
  sudo_ready
  run sudo -n -- "$@"
}
# A lock held by another program stops the script with DL Setup's code and sentence (DLSETUP_SAY_*), not apt's exit.
apt_install() {
  set -- env DEBIAN_FRONTEND=noninteractive LC_ALL=C apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_TIMEOUT" -o Dpkg::Use-Pty=0 install --yes "$@"
  if [ "$(id -u)" -ne 0 ]; then sudo_ready; set -- sudo -n -- "$@"; fi
  log "+ $*"
  if "$@" >"$TMPD/apt.log" 2>&1; then rc=0; else rc=$?; fi
  cat "$TMPD/apt.log" >>"$DLSETUP_LOG"
  [ "$rc" -ne 0 ] || return 0
  if grep -Eq "$DLSETUP_APT_LOCK_TEXT" "$TMPD/apt.log"; then
    pid=$(sed -n 's/.*It is held by process \([0-9][0-9]*\).*/\1/p' "$TMPD/apt.log" | head -n 1)
    program=$(sed -n 's/.*It is held by process [0-9][0-9]* (\([^)]*\)).*/\1/p' "$TMPD/apt.log" | head -n 1)
    # shellcheck disable=SC2059 # the formats are DL Setup's own sentences, written by the export
    if [ -n "$pid" ]; then who=$(printf "$DLSETUP_SAY_APT_WHO" "${program:-?}" "$pid"); else who=$DLSETUP_SAY_APT_WHO_UNKNOWN; fi
    # shellcheck disable=SC2059
    die "[APT_LOCKED] $(printf "$DLSETUP_SAY_APT_LOCKED" "$who" "$APT_LOCK_TIMEOUT")"
  fi
  die "command failed (exit $rc): $* (details in $DLSETUP_LOG)"
}
deb_installed() {
  dpkg-query -W -f '${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'
}
os_field() {
  sed -n "s/^$1=//p" "$R/etc/os-release" 2>/dev/null | tr -d '"' | head -n 1
}
# "a >= b" for dotted numeric versions, without GNU sort -V.
version_ge() {
  [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1)" = "$2" ]
}
download() {
  if command -v curl >/dev/null 2>&1; then run curl -fsSL --retry 3 -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then run wget -q -O "$2" "$1"
  else die "Neither curl nor wget is installed; install one of them and run the script again."
  fi
}
# Puts a file in place as root, keeping the first backup of what was there (the rollback point).
put_root_file() {
  if [ -f "$2" ] && [ ! -e "$2.dlsetup-backup" ] && ! cmp -s "$1" "$2"; then as_root cp -p "$2" "$2.dlsetup-backup"; fi
  [ -d "$(dirname "$2")" ] || as_root mkdir -p "$(dirname "$2")"
  as_root install -m 0644 "$1" "$2"
}
# True when file $1 holds exactly the marked block in file $2.
block_present() {
  [ -f "$1" ] || return 1
  begin=$(head -n 1 "$2")
  end=$(tail -n 1 "$2")
  awk -v b="$begin" -v e="$end" '$0 == b { p = 1 } p { print } $0 == e { p = 0 }' "$1" | cmp -s - "$2"
}
# Replaces (or appends) the marked block of file $2 in $1; everything around it stays as it was.
upsert_block() {
  begin=$(head -n 1 "$2")
  end=$(tail -n 1 "$2")
  : >"$TMPD/upsert"
  if [ -f "$1" ]; then awk -v b="$begin" -v e="$end" '$0 == b { s = 1 } !s { print } $0 == e { s = 0 }' "$1" >"$TMPD/upsert"; fi
  cat "$2" >>"$TMPD/upsert"
  put_root_file "$TMPD/upsert" "$1"
}
step() {
  STEP=$1
  log "==> [$1] $2"
}
skip() {
  log "    [$STEP] already done: $*"
}
