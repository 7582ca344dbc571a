/*
 * The checker lets any constant index of uregs[] through; code generation,
 * which -e runs too, refuses one past the registers, on its line.
 */
BEGIN
{
	trace(uregs[100]);
}
