"""The league app: stores what happened at the table and asks `scoring`
what it means."""
