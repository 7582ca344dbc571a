-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.struct-semi.d: [D_SYNTAX] line 5: syntax error near "{"
