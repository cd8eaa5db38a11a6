"""Pure rules for the games the bot hosts: no Discord, no I/O, no images."""
