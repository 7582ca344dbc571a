BEGIN
{
	this->p = (char *)alloca(8);
	this->p = this->p == NULL ? (char *)64 : this->p;
}
