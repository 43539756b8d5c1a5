"""The panels a user sees, one widget per module, each following the session."""
