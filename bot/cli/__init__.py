"""Command-line tools: admin and database migration."""
