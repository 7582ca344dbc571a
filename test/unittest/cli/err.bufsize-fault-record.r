-- @@stderr --
dtrace: script 'err.bufsize-fault-record.d' matched 2 probes
dtrace: could not enable tracing: Enabling exceeds size of buffer
