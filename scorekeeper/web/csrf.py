"""The app's one CSRFProtect instance: every HTML form write carries a token."""

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
