/*
 * Nothing but a comment.
 */
