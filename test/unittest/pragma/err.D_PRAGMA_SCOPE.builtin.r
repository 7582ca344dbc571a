-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_SCOPE.builtin.d: [D_PRAGMA_SCOPE] line 1: #pragma attributes cannot modify entity defined outside program scope
