"""Writes: keyword-only functions named `<thing>_<action>`, each one
transaction. Views call these and nothing else to change data."""
