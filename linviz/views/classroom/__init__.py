"""Teaching: hide outputs and predict first, and compare edits against a pinned baseline."""
