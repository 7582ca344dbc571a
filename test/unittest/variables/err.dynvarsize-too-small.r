-- @@stderr --
dtrace: script 'err.dynvarsize-too-small.d' matched 1 probe
dtrace: could not enable tracing: Enabling exceeds size of buffer
