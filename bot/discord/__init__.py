"""The Discord edge: the client, the slash commands and their translator."""
