"""One package per game: peiper (Just a Peiper Dream?), saf (Scream, Aim, Fire!), pl (Panzer Leader)."""
