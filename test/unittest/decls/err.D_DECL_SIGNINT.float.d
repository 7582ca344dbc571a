signed float f;
