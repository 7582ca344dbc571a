-- @@stderr --
dtrace: option cleanrate has no effect on Linux
