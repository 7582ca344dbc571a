/* A predicate must hold an expression. */
BEGIN
//
{
}
