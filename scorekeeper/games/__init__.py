"""Games: their score sheets (derived), storage, and the operations shared by pages and API."""
