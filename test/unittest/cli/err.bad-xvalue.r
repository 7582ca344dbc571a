-- @@stderr --
dtrace: failed to set -x switchrate: Invalid value for specified option
