-- @@stderr --
dtrace: failed to compile script err.D_XLATE_REDECL.twice.d: [D_XLATE_REDECL] line 5: translator from int to struct pair has already been declared
