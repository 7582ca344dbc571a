-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_UNUSED.extern.d: [D_PRAGMA_UNUSED] line 2: unused #pragma attributes
