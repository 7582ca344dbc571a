/* pid0 names no process: DTrace refuses it rather than matching nothing. */
pid0:::entry
{
}
