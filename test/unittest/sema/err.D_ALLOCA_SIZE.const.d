BEGIN
{
	this->p = alloca(257);
}
