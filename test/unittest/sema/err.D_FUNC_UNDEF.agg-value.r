-- @@stderr --
dtrace: failed to compile script err.D_FUNC_UNDEF.agg-value.d: [D_FUNC_UNDEF] line 3: undefined function name: nosuchfunc
