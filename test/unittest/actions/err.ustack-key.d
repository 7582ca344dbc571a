/* ustack() keys are not supported yet: an error, never a kernel stack in their place. */
profile-97
{
	@[ustack()] = count();
}
