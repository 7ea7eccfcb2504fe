"""Server-rendered pages, one module per audience: the scorer's pad and
scoreboards (`pad`), the secretary's workflows (`secretary`), the public
league pages (`public`). Each has its own URL module, included by
`config.urls`."""
