"""The Sanic JSON API under /basic-api: parse, authorise, call toolkit, shape the answer."""
