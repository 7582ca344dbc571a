-- @@stderr --
dtrace: failed to compile script err.D_ARR_BADREF.two-keys.d: [D_ARR_BADREF] line 4: cannot access scalar buf as an associative array
