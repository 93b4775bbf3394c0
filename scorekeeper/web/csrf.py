"""The app's one CSRFProtect instance: every HTML form write carries a token; and why a form was
refused, in French."""

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

RELOAD = " : rechargez la page et recommencez."
DEFAULT_REASON = "Le formulaire a expiré ou vient d'un autre site" + RELOAD
# Flask-WTF's reasons (flask_wtf/csrf.py: validate_csrf and CSRFProtect.protect), for the table.
REASONS = {
    "The CSRF token is missing.": "Le formulaire est arrivé sans son jeton de sécurité" + RELOAD,
    "The CSRF session token is missing.": (
        "Ce téléphone n'a plus la session qui a ouvert le formulaire (cookies effacés ou bloqués)" + RELOAD
    ),
    "The CSRF token has expired.": "Le formulaire a expiré" + RELOAD,
    "The CSRF token is invalid.": DEFAULT_REASON,
    "The CSRF tokens do not match.": DEFAULT_REASON,
    "The referrer header is missing.": (
        "Le navigateur n'a pas dit de quelle page venait le formulaire, ce qu'il faut en HTTPS" + RELOAD
    ),
    "The referrer does not match the host.": "Le formulaire vient d'un autre site" + RELOAD,
}


def french_reason(reason: str | None) -> str:
    """Flask-WTF's reason for refusing a form (a CSRFError's description, or the error of a form's
    `csrf_token` field), in French; any other, the general one."""
    return REASONS.get(reason or "", DEFAULT_REASON)
