/* copyinto() and bcopy() take alloca() memory however it is reached: a
   variable, pointer arithmetic, a cast, copyin()'s result. */
BEGIN
{
	this->a = alloca(16);
	copyinto(arg0, 8, this->a);
	copyinto(arg0, 4, (char *)this->a + 4);
	this->c = copyin(arg0, 8);
	bcopy(this->a, this->c, 8);
	bcopy(this->a, copyin(arg0, 8), 8);
}
