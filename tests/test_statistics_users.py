"""Statistics count the users of the caller's scope, the same number the user list totals."""

M = "/basic-api/api/manage/getStatisticMetrics"


async def test_statistics_users_equal_the_user_list_total(api, people):
    for name, expected in [("super", 5), ("admin", 4)]:
        token = await api.login(name)
        _, metrics = await api.call("GET", M, token)
        _, listed = await api.call("GET", "/basic-api/api/user/list?page=1&pageSize=1", token)
        assert metrics["result"]["users"] == listed["result"]["total"] == expected
        assert sum(metrics["result"]["usersByRole"].values()) == expected
