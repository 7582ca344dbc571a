-- @@stderr --
dtrace: failed to compile script err.D_DECL_INCOMPLETE.variable.d: [D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct later: u
