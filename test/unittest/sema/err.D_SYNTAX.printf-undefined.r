-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.printf-undefined.d: [D_SYNTAX] line 4: format conversion #1 is undefined: %q
