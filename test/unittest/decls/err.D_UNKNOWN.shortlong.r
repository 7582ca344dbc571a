-- @@stderr --
dtrace: failed to compile script err.D_UNKNOWN.shortlong.d: [D_UNKNOWN] line 1: failed to resolve type short long : Unknown type name
