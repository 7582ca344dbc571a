-- @@stderr --
dtrace: failed to compile script err.D_ARR_BADREF.inline_array_bare.d: [D_ARR_BADREF] line 6: tcp_state_string must be used with [ ]
