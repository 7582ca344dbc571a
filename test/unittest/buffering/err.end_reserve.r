-- @@stderr --
dtrace: script 'err.end_reserve.d' matched 3 probes
dtrace: could not enable tracing: END enablings exceed size of principal buffer
