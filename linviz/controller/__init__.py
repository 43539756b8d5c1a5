"""The session: current scenario, cursor, options, undo. No Qt here."""
