BEGIN
{
	x = (int /* ERROR D_SYNTAX "near \"\\+\"" */ +) 1;
}
