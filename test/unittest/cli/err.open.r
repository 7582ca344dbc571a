-- @@stderr --
dtrace: failed to open nosuch.d: No such file or directory
