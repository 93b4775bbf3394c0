"""What a person can do, shared by the pages and the JSON API: games and deals, lists, statistics, export and import."""
