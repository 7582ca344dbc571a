-- @@stderr --
dtrace: could not enable tracing: line 4: ustack(): not supported yet
