"""The command palette: every key action of the screen below and of the app, by its own words,
and on a graph screen the graph's nodes by name (jump to one)."""
from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from toolkit.errors import ZhituError
from toolkit.graphs import reads
from toolkit.tui.localise import own_bindings

NODE_HITS = 8


class ZhituCommands(Provider):
    def _actions(self) -> list[tuple[str, object]]:
        found: dict[str, tuple[str, object]] = {}
        screen = self.screen
        for owner in (screen, self.app):
            for _key, binding in own_bindings(owner):
                if binding.action == "command_palette":
                    continue
                label = f"{binding.description}  ({self.app.get_key_display(binding)})"
                if binding.action not in found:
                    found[binding.action] = (label, partial(owner.run_action, binding.action))
        return list(found.values())

    async def discover(self) -> Hits:
        for label, command in self._actions():
            yield DiscoveryHit(label, command, text=label)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, command in self._actions():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), command, text=label)
        graph_id = getattr(self.screen, "graph_id", None)
        jump = getattr(self.screen, "jump_to", None)
        if graph_id is None or jump is None or not query.strip():
            return
        try:
            items, _total = await reads.search_points(self.app.user, graph_id, query, page_size=NODE_HITS)
        except ZhituError:
            return
        for item in items:
            label = self.app.t("tui.palette.go_to", name=item["name"])
            yield Hit(0.5, label, partial(jump, item["id"]), text=label)
