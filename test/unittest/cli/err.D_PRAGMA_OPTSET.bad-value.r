-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_OPTSET.bad-value.d: [D_PRAGMA_OPTSET] line 1: failed to set option 'bufsize' to '4q': Invalid value for specified option
