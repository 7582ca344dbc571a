-- @@stderr --
dtrace: option aggrate has no effect on Linux
