-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.macro-near.d: [D_SYNTAX] line 3: syntax error near "$pid"
