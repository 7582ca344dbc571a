-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.extra-paren.d: [D_SYNTAX] line 4: extra ) in input stream
