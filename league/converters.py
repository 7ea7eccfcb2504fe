"""Path converters for the project's URLs.

`num` is Django's `int` bounded to what a database integer column holds:
at most 18 digits, so every value fits a signed 64-bit integer. An id past
that is a 404 from the URL resolver, like any other unknown path, instead
of an overflow when the database is asked for it.
"""


class BoundedIntConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
