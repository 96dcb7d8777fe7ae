"""Sign-in: password hashing, signed tokens, sessions."""
