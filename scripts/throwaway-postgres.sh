#!/usr/bin/env bash
# A throwaway PostgreSQL server for CI and benchmarks: a fresh cluster in a temporary folder,
# listening on 127.0.0.1 only, trust authentication, stopped and deleted again by `stop`.
#
#   scripts/throwaway-postgres.sh start [--fast] [--port N]
#       Prints three shell assignments on stdout (everything else goes to stderr):
#         PG_DIR=/tmp/traction-pg.XXXXXX
#         PG_PORT=54329
#         DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres
#       so a caller can `eval "$(scripts/throwaway-postgres.sh start)"`.
#       --fast turns off fsync and synchronous commit: for test runs, never for figures that
#       should resemble a real server.
#   scripts/throwaway-postgres.sh stop DIR
#       Stops the server started in DIR and deletes DIR (only a folder this script made).
#
# Binaries: $PG_BINDIR if set, else the newest /usr/lib/postgresql/*/bin (Debian), else
# `pg_config --bindir`, else wherever `initdb` is on PATH. As root, the cluster is created and run
# as the `postgres` user (initdb refuses root); otherwise as the current user.
set -euo pipefail

MARKER=.traction-throwaway-postgres
FIRST_PORT=54329
LAST_PORT=54399

log() { printf '[throwaway-postgres] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

pg_bindir() {
  if [[ -n "${PG_BINDIR:-}" ]]; then
    [[ -x "$PG_BINDIR/initdb" ]] || return 1
    printf '%s\n' "$PG_BINDIR"
    return 0
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then printf '%s\n' "$dir"; return 0; fi
  if command -v pg_config >/dev/null 2>&1; then
    dir=$(pg_config --bindir 2>/dev/null || true)
    if [[ -n "$dir" && -x "$dir/initdb" ]]; then printf '%s\n' "$dir"; return 0; fi
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  return 1
}

# Runs a command as the user that owns the cluster.
as_owner() {
  if [[ $(id -u) -ne 0 ]]; then
    (cd / && "$@")
  elif command -v runuser >/dev/null 2>&1; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && su postgres -s /bin/sh -c "$(printf '%q ' "$@")")
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port
  for ((port = FIRST_PORT; port <= LAST_PORT; port++)); do
    if ! port_in_use "$port"; then printf '%s\n' "$port"; return 0; fi
  done
  return 1
}

start() {
  local fast=false port=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --fast) fast=true; shift ;;
      --port) port="${2:?--port needs a number}"; shift 2 ;;
      *) die "unknown option for start: $1" ;;
    esac
  done

  local bindir
  bindir=$(pg_bindir) || die "no PostgreSQL server binaries found (install the postgresql package or set PG_BINDIR)"
  if [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
    die "running as root but there is no postgres user to own the cluster"
  fi
  if [[ -z "$port" ]]; then
    port=$(free_port) || die "no free port between $FIRST_PORT and $LAST_PORT"
  elif port_in_use "$port"; then
    die "port $port is already in use"
  fi

  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/traction-pg.XXXXXX")
  touch "$dir/$MARKER"
  if [[ $(id -u) -eq 0 ]]; then chown -R postgres:postgres "$dir"; fi
  chmod 700 "$dir"
  # Anything going wrong from here on leaves nothing behind.
  trap 'as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' ERR

  log "initdb $("$bindir/postgres" --version | awk '{print $3}') into $dir/data"
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; false; }

  {
    echo "# added by scripts/throwaway-postgres.sh"
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $port"
    echo "unix_socket_directories = '$dir'"
    echo "max_connections = 200"
    if $fast; then
      echo "fsync = off"
      echo "synchronous_commit = off"
      echo "full_page_writes = off"
    fi
  } >>"$dir/data/postgresql.conf"

  log "starting on 127.0.0.1:$port (log: $dir/postgres.log)"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start >/dev/null \
    || { cat "$dir/postgres.log" >&2 || true; false; }
  trap - ERR

  printf 'PG_DIR=%q\n' "$dir"
  printf 'PG_PORT=%q\n' "$port"
  printf 'DATABASE_URL=%q\n' "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir="${1:?usage: $0 stop DIR}"
  [[ -d "$dir" ]] || { log "$dir is already gone"; return 0; }
  [[ -f "$dir/$MARKER" ]] || die "$dir was not made by this script; not touching it"
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    local bindir
    bindir=$(pg_bindir) || die "no PostgreSQL binaries found to stop $dir"
    log "stopping the server in $dir"
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null \
      || as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) die "usage: $0 start [--fast] [--port N] | stop DIR" ;;
esac
