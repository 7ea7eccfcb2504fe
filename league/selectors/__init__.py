"""Reads: functions that fetch and shape data, never change it."""
