-- @@stderr --
dtrace: failed to set -x strsize: Invalid value for specified option
