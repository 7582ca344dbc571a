-- @@stderr --
dtrace: failed to set -b 4q: Invalid value for specified option
