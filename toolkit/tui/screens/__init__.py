"""One module per screen of the curator's terminal."""
