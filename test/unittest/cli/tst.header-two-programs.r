-- @@stderr --
dtrace: -h requires an output file if multiple scripts are specified
