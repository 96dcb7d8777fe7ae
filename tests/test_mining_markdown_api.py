"""A Markdown text material through the API: accepted, read as structure, mined."""
from toolkit.mining import tasks

E = "/basic-api/api/excavate"
PAGE = """author: Someone Else

# 二叉堆

## 定义

**二叉堆**是一棵完全二叉树．见 [堆](./heap.md#优先队列)．

```cpp
int heap[N];  // N
```

## 操作

插入操作是指向二叉堆中插入一个元素．
"""


async def test_markdown_headings_become_the_catalogue_and_code_is_not_text(api, people):
    token = await api.login("expert")
    status, body = await api.call("POST", f"{E}/textSource", token, files={"file": ("heap.md", PAGE.encode("utf-8"))})
    assert status == 200 and body["code"] == 0, body
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [body["result"]["id"]]})
    assert task["code"] == 0, task
    await tasks.work(concurrency=1, once=True, poll_seconds=0.05)
    _, results = await api.call("GET", f"{E}/result/list?taskIds={task['result']['id']}&pageSize=50", token)
    items = sorted(results["result"]["items"], key=lambda r: r["payload"]["index"])
    assert [(r["payload"]["level"], r["payload"]["title"]) for r in items] == [(1, "二叉堆"), (2, "定义"), (2, "操作")]
    _, source = await api.call("GET", f"{E}/textSource/{body['result']['id']}", token)
    text = source["result"]["text"]
    assert "二叉堆是一棵完全二叉树．" in text
    assert "heap[N]" not in text and "heap.md" not in text and "Someone" not in text
