"""The back office: users, units and (later) the other managed lists."""
