-- @@stderr --
dtrace: could not enable tracing: line 2: args[1] translated to psinfo_t *: not supported yet
