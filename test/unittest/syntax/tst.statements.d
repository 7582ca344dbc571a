/* Statements: empty statements, a last statement without ';', if and else. */
BEGIN
{
	;
	x = 1;;
	if (x)
		y = 1;
	if (x > 1) {
		y = 2;
	} else if (x == 1) {
		y = 3;
	} else {
		y = 4;
		if (y) { z = 1 }
	}
	if (x) ; else y = 5;
	trace(y)
}

END {}

BEGIN { trace(1) }
