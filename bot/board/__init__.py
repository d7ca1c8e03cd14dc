"""The live board: a page per game and viewer (issue 26)."""
