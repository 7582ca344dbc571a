-- @@stderr --
dtrace: invalid pid: 12x
