-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.comment-eof.d: [D_SYNTAX] line 4: end-of-file encountered before matching */
