"""A plain Sanic app that serves one JSON document from memory: the baseline for API timings."""
from __future__ import annotations

import json
import sys

from sanic import Sanic
from sanic.response import json as json_response


def main(port: int, document_path: str) -> None:
    documents = json.loads(open(document_path, encoding="utf-8").read())
    app = Sanic("zhitu_bench_plain")

    @app.get("/plain/<key:str>")
    async def plain(request, key: str):
        return json_response(documents[key], ensure_ascii=False)

    app.run(host="127.0.0.1", port=port, single_process=True, access_log=False, motd=False)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
