-- @@stderr --
dtrace: only one of the [-GhlV] options can be specified at a time
