"""What many test modules do alike, written once: plain functions (fixtures are in conftest.py)."""

from __future__ import annotations

from hypothesis import settings

DEFAULT_EXAMPLES = settings.get_profile("default").max_examples


def examples(count: int) -> int:
    """`count` examples under the default profile (`make test`), the same share of them under a
    lighter one (`make check`'s `check` profile: a fifth)."""
    return max(1, count * settings.default.max_examples // DEFAULT_EXAMPLES)
