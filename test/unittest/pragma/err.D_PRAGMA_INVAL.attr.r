-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_INVAL.attr.d: [D_PRAGMA_INVAL] line 3: invalid attributes specified by #pragma attributes
