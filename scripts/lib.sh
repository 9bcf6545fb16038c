# Shared by the E2E scripts (sourced): waiting for what they start.

# Waits (up to 10 s) until something listens on 127.0.0.1:$1; goes on either way, so that the
# test itself reports what is missing.
wait_for_port() {
  for _ in $(seq 1 100); do
    (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0
    sleep 0.1
  done
}

# The first line a server writes to file $1 (its URL), waiting up to 10 s for it.
first_line() {
  for _ in $(seq 1 100); do
    [ -s "$1" ] && break
    sleep 0.1
  done
  head -n 1 "$1"
}
