/* An assignment needs an lvalue on its left (D_OP_LVAL); a built-in
   variable is one but cannot be written (D_OP_WRITE, elsewhere). */
BEGIN
{
	x = 1;
	(x + 1) = 2;
}
