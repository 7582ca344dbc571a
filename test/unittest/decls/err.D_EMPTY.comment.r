-- @@stderr --
dtrace: failed to compile script err.D_EMPTY.comment.d: [D_EMPTY] line 4: empty D program translation unit
