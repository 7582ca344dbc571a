-- @@stderr --
dtrace: script 'err.bufsize_zero.d' matched 1 probe
dtrace: could not enable tracing: Enabling exceeds size of buffer
