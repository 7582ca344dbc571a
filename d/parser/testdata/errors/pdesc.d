/* ERROR D_PDESC_INVAL "invalid probe description \"a:b:c:d:e\": Overspecified probe description" */ a:b:c:d:e
{
}
