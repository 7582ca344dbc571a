BEGIN
{
	x = 1 + /* ERROR D_SYNTAX "syntax error near \";\"" */ ;
}
