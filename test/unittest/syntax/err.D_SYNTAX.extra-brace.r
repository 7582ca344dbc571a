-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.extra-brace.d: [D_SYNTAX] line 5: syntax error near "}"
