"""Reading and writing files other programs share: the loo-session/1 format."""
