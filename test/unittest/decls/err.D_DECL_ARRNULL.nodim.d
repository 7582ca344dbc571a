/* An array variable needs a size or key types. */
self int counts[];
