"""Discord slash-command adapters: thin, parse -> service -> reply."""
