-- @@stderr --
dtrace: failed to compile script err.D_XLATE_SOU.forward.d: [D_XLATE_SOU] line 3: incomplete struct/union/enum struct nowhere
