-- @@stderr --
dtrace: failed to compile script err.D_FREOPEN_INVALID.dot.d: [D_FREOPEN_INVALID] line 3: freopen( ) argument #1 cannot be "."
