-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.empty-struct.d: [D_SYNTAX] line 3: syntax error near "}"
