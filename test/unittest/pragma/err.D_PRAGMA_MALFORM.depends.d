#pragma D depends_on provider
