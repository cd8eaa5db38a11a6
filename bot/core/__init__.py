"""What every layer above may use: configuration, dice, failures, logs, shards, texts."""
