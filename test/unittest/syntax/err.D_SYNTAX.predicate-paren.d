/* A predicate cannot end inside parentheses. */
BEGIN
/(1 > 0/
{
}
