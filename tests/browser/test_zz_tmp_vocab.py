from tests.browser.test_sheet import create_game, choose


def test_js_reads_the_vocabulary(page, base_url):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    create_game(page, base_url)
    page.click("#new-deal")
    # before a mode: a suit mode's one belote
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Belote").click()
    assert page.locator("#f-melds-B .adder", has_text="Belote").is_disabled()
    page.locator("#f-melds-A .chip", has_text="Belote").click()
    choose(page, "mode", "TA")
    for _ in range(4):
        page.locator("#f-melds-A .adder", has_text="Belote").click()
    assert page.locator("#f-melds-A .adder", has_text="Belote").is_disabled()
    assert page.input_value("#belote_A") == "4"
    choose(page, "mode", "SA")
    assert page.locator("#f-melds-B .adder", has_text="Belote").is_disabled()
    for _ in range(6):
        page.locator("#f-melds-A .adder", has_text="Carré V").click()
    assert page.input_value("#melds_A_carre_J") == "4"
    assert page.locator("#f-melds-A .chip", has_text="Carré V").count() == 4
    choose(page, "taker_player", "Bruno")
    choose(page, "points_team", "Défense")
    page.fill("#points", "62")
    assert page.inner_text("#other-points") == "Donc 100 pour les preneurs (62 pour la défense)."
    assert not errors, errors
