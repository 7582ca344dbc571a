/* A comment that does not end. */
BEGIN
/* {
