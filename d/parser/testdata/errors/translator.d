translator struct a < struct b *B > {
	x = B->x;
	y /* ERROR D_SYNTAX "near \";\"" */ ;
};
