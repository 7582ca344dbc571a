-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.bad-char.d: [D_SYNTAX] line 4: syntax error near "#"
