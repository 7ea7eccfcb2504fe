"""Demo data: believable games for `make run`, the tests and the benchmark."""
