/* A '}' with nothing open. */
BEGIN
{
}
}
