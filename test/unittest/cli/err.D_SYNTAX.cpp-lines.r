-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.cpp-lines.d: [D_SYNTAX] line 5: syntax error near ";"
