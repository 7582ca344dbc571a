-- @@stderr --
dtrace: failed to compile script err.D_IDENT_BADREF.inline_array_bare.d: [D_IDENT_BADREF] line 6: associative array 'tcp_state_string' may not be referenced as scalar
