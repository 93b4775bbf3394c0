"""What `make run` prints once the server listens: in French, the address the other phones open,
`http://<this machine's LAN address>:<port>/`, and its QR code (the sheet's own QR code, for a
phone already at the table, is `scorekeeper.web.join`'s). With HTTPS (`make run HTTPS=1`), the
HTTPS address first with its QR code, then the page that gives its certificate and the plain HTTP
address, for the phones that do not trust the certificate yet."""

from __future__ import annotations

import ipaddress

from scorekeeper.web.join import lan_address, qr_terminal

EVERY_ADDRESS = {"0.0.0.0", "::"}


def join_message(host: str, port: int, https_port: int | None = None) -> str:
    """What the terminal shows once the server listens on (host, port), and on `https_port` over
    HTTPS when given: the address the phones open and its QR code, or why no phone can join and
    the address on this machine."""
    local = f"http://127.0.0.1:{port}/"
    if https_port is not None:
        local = f"https://127.0.0.1:{https_port}/ ou {local}"
    if host in EVERY_ADDRESS:
        address = lan_address()
        if address is None:
            return (
                "\nCet ordinateur n'est sur aucun réseau local : les téléphones ne peuvent pas le joindre.\n"
                "Connectez-le au Wi-Fi de la table, puis relancez make run. Sur cet ordinateur même :\n\n"
                f"    {local}\n\nCtrl-C pour arrêter.\n"
            )
    elif ipaddress.ip_address(host).is_loopback:
        return (
            f"\nLe marqueur n'écoute que cet ordinateur ({host}) : les téléphones ne peuvent pas le joindre\n"
            "(make run HOST=0.0.0.0 les laisse entrer). Sur cet ordinateur :\n\n"
            f"    {local}\n\nCtrl-C pour arrêter.\n"
        )
    else:
        address = host
    if ":" in address:
        address = f"[{address}]"
    url = f"http://{address}:{port}/"
    if https_port is None:
        return (
            "\nLe marqueur est prêt. Les téléphones de la table, sur le même Wi-Fi que cet ordinateur,\n"
            "ouvrent cette adresse ou scannent ce code :\n\n"
            f"    {url}\n\n{qr_terminal(url)}\n"
            f"Si un téléphone n'y arrive pas, le pare-feu de cet ordinateur doit laisser entrer le port {port}.\n"
            f"Sur cet ordinateur même : {local}\nCtrl-C pour arrêter.\n"
        )
    secure = f"https://{address}:{https_port}/"
    return (
        "\nLe marqueur est prêt. Les téléphones de la table, sur le même Wi-Fi que cet ordinateur,\n"
        "ouvrent cette adresse sécurisée ou scannent ce code :\n\n"
        f"    {secure}\n\n{qr_terminal(secure)}\n"
        "Un téléphone qui ne fait pas encore confiance au certificat de ce serveur l'installe d'abord ici :\n\n"
        f"    {url}certificat\n\n"
        "ou ouvre l'adresse simple (sans écran gardé allumé ni pages hors ligne) :\n\n"
        f"    {url}\n\n"
        "Si un téléphone n'y arrive pas, le pare-feu de cet ordinateur doit laisser entrer les ports "
        f"{port} et {https_port}.\n"
        f"Sur cet ordinateur même : {local}\nCtrl-C pour arrêter.\n"
    )
