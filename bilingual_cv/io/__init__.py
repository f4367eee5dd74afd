"""Reading sources from disk: the only stage that touches the filesystem."""
