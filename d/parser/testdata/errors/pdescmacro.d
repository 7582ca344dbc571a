/* ERROR D_PDESC_INVAL "invalid probe description \"pid\\$nosuch:::entry\": Undefined macro variable in probe description" */ pid$nosuch:::entry
{
}
