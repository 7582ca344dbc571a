/* What DTrace lets a variable take around alloca(): pointers into it, a
   ?: whose branches both point into it or both do not, and += on a
   pointer to a type of known size. */
BEGIN
{
	this->p = (char *)alloca(8);
	this->q = this->p + 1;
	this->q = 1 ? this->p : this->q;
	this->r = (char *)64;
	this->r = this->r == NULL ? (char *)64 : this->r;
	this->q += 2;
	this->r -= 1;
}
