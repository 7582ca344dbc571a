-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.libdir.d: [D_SYNTAX] "libdir-bad/broken.d", line 3: syntax error near ";"
