BEGIN
{
	x = /* ERROR D_INT_DIGIT "constant 0189 contains invalid digit 8" */ 0189;
}
