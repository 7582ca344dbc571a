-- @@stderr --
dtrace: could not enable tracing: line 5: expression needs more than 8 string scratch slots: not supported yet
