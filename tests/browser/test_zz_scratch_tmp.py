from tests.browser.test_page_weight import weigh
def test_dbg(browser, client, base_url):
    gid = client.post("/api/v1/games", json={}).get_json()["id"]
    for i in range(3):
        sizes, requests = weigh(browser, base_url, f"{base_url}/parties/{gid}/donnes/nouvelle")
        print(sorted(sizes), "\n", requests)
