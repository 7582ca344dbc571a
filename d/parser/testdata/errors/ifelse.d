BEGIN
{
	if (1) {
		trace(1);
	} else /* ERROR D_SYNTAX "near end of input" */
